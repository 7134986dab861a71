import Foundation

/// Every option's value after reading the three layers, most specific first: command-line
/// flag, then environment variable, then config file, then the declared default. A list takes
/// its items from the first layer that sets it (layers replace, they do not merge).
///
/// Pure: the environment and the file reader are parameters, so the whole model is testable
/// without a process. Every value given in any layer is validated, even one a higher layer
/// overrides, so a mistake fails at startup wherever it is.
public struct ResolvedOptions: Sendable {
    /// Which layer a value came from.
    public enum Origin: Equatable, Sendable {
        case flag
        case environment(String)
        case file(String)
        case defaultValue
    }

    private var texts: [String: (texts: [String], origin: Origin)] = [:]
    /// Arguments that are not options, in order.
    public private(set) var positionals: [String] = []
    /// `TRACKSIDE_` variables no option reads, sorted: worth a warning once logging is set up (a
    /// typo), not an error (another command's option, another tool sharing the prefix).
    public private(set) var unknownVariables: [String] = []

    /// Reads `arguments`, then `environment`, then the config file named by `--config` or
    /// `TRACKSIDE_CONFIG` (read with `readFile`, which tests replace), for the `groups`' options.
    public init(groups: [OptionGroup], arguments: [String], environment: [String: String],
                readFile: (String) throws(OptionError) -> String = ConfigurationFile.contents(atPath:)) throws(OptionError) {
        let listed = groups.flatMap { $0.options }
        let file = ConfigurationFile.option.declaration
        let declarations = listed.contains { $0.name == file.name } ? listed : listed + [file]
        let byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let fromFlags = try Self.parse(arguments, byName: byName, positionals: &positionals)
        let fromEnvironment = try Self.read(environment, declarations: declarations, unknown: &unknownVariables)
        var fromFile: [String: [String]] = [:]
        var filePath = ""
        if let path = fromFlags["config"]?.first ?? fromEnvironment["config"]?.texts.first {
            filePath = path
            let contents: String
            do throws(OptionError) {
                contents = try readFile(path)
            } catch {
                throw OptionError("cannot read config file \(path): \(error.description)")
            }
            fromFile = try Self.read(file: contents, path: path, byName: byName)
        }
        for declaration in declarations {
            if let given = fromFlags[declaration.name] {
                texts[declaration.name] = (given, .flag)
            } else if let given = fromEnvironment[declaration.name] {
                texts[declaration.name] = (given.texts, .environment(given.variable))
            } else if let given = fromFile[declaration.name] {
                texts[declaration.name] = (given, .file(filePath))
            }
        }
    }

    /// The option's value: from the most specific layer that sets it, else its default.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        guard let given = texts[option.declaration.name] else { return option.defaultValue }
        return option.convert(given.texts) ?? option.defaultValue
    }

    /// Where the option's value came from.
    public func origin(of declaration: OptionDeclaration) -> Origin {
        texts[declaration.name]?.origin ?? .defaultValue
    }

    // MARK: The layers

    private static func parse(_ arguments: [String], byName: [String: OptionDeclaration],
                              positionals: inout [String]) throws(OptionError) -> [String: [String]] {
        var found: [String: [String]] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { throw OptionError("unknown option \(argument)") }
            let body = argument.dropFirst(2)
            var name = String(body.prefix { $0 != "=" })
            var inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if byName[name] == nil, name.hasPrefix("no-"), inline == nil,
               let negated = byName[String(name.dropFirst(3))], negated.shape == .flag {
                name = negated.name
                inline = "false"
            }
            guard let declaration = byName[name] else { throw OptionError("unknown option --\(name)") }
            let text: String
            if let inline {
                text = inline
            } else if declaration.shape == .flag {
                text = "true"
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                text = arguments[index]
                index += 1
            } else {
                throw OptionError("\(declaration.flag) needs a value (\(declaration.expected))")
            }
            if let problem = declaration.problem(text) {
                throw OptionError("invalid value '\(text)' for \(declaration.flag): \(problem)")
            }
            if declaration.shape != .list, found[name] != nil {
                throw OptionError("\(declaration.flag) given more than once")
            }
            found[name, default: []].append(text)
        }
        return found
    }

    private static func read(_ environment: [String: String], declarations: [OptionDeclaration],
                             unknown: inout [String]) throws(OptionError) -> [String: (texts: [String], variable: String)] {
        var found: [String: (texts: [String], variable: String)] = [:]
        var known: Set<String> = []
        for declaration in declarations {
            known.formUnion(declaration.environmentNames)
            // Empty counts as unset: templated unit files and manifests often define a variable blank.
            guard let variable = declaration.environmentNames.first(where: { !(environment[$0] ?? "").isEmpty }),
                  let value = environment[variable] else { continue }
            let texts = declaration.shape == .list
                ? value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                : [value]
            for text in texts {
                if let problem = declaration.problem(text) { throw OptionError("invalid value '\(text)' for \(variable): \(problem)") }
            }
            found[declaration.name] = (texts, variable)
        }
        for variable in environment.keys.sorted() where variable.hasPrefix("TRACKSIDE_") && !known.contains(variable) {
            unknown.append(variable)
        }
        return found
    }

    private static func read(file contents: String, path: String,
                             byName: [String: OptionDeclaration]) throws(OptionError) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for (key, value) in try ConfigurationFile.members(of: contents, path: path) {
            guard let declaration = byName[key], key != ConfigurationFile.option.declaration.name else {
                throw OptionError("unknown key \"\(key)\" in config file \(path)")
            }
            let location = "for \"\(key)\" in config file \(path)"
            guard let texts = ConfigurationFile.texts(of: value, for: declaration) else {
                let shape = declaration.shape == .list ? "a string or an array of strings, each " : ""
                throw OptionError("invalid value \(ConfigurationFile.describe(value)) \(location): expected \(shape)\(declaration.expected)")
            }
            for text in texts {
                if let problem = declaration.problem(text) {
                    throw OptionError("invalid value \(ConfigurationFile.describe(value)) \(location): \(problem)")
                }
            }
            found[key] = texts
        }
        return found
    }
}
