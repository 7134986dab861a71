/// Help text and the documentation table, both drawn from the declarations so that neither can
/// drift from what the parser accepts.
public enum OptionHelp {
    /// The `--help` listing: per group, each option with its placeholder, help, default and variable.
    public static func text(_ groups: [OptionGroup]) -> String {
        var lines: [String] = []
        for group in groups {
            lines.append("\(group.title):")
            for option in group.options {
                lines.append("  " + usage(option))
                lines += wrap(option.help, width: 96).map { "      " + $0 }
                lines.append("      default: \(option.defaultDescription) · env: \(option.environmentNames.joined(separator: ", "))")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A Markdown table per group for docs/OPERATIONS.md.
    public static func markdown(_ groups: [OptionGroup]) -> String {
        var lines: [String] = []
        for group in groups {
            lines.append("#### \(group.title)")
            lines.append("")
            lines.append("| flag | environment | default | meaning |")
            lines.append("|---|---|---|---|")
            for option in group.options {
                let environment = option.environmentNames.map { "`\($0)`" }.joined(separator: ", ")
                let cells = ["`\(usage(option))`", environment, option.defaultDescription, option.help]
                lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `--port N`, `--[no-]compression`, `--gtfs PATH…`.
    static func usage(_ option: OptionDeclaration) -> String {
        switch option.shape {
        case .value: "\(option.flag) \(option.placeholder)"
        case .flag: "--[no-]\(option.name)"
        case .list: "\(option.flag) \(option.placeholder)…"
        }
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
