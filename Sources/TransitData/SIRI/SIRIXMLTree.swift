import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Turns a SIRI XML document into the nested dictionaries `JSONSerialization` would give for
/// the equivalent JSON, so one reader (``SIRIObject``) serves both.
///
/// An element with children becomes a dictionary keyed by local name (namespace prefixes are
/// dropped); a repeated child becomes a list; an element with only text becomes that text; an
/// empty element becomes the empty string. Attributes carry nothing SIRI needs and are ignored.
enum SIRIXMLTree {
    static func parse(_ document: Data) throws(SIRIDecodingError) -> [String: Any] {
        // Foundation's XMLParser traps (a forced unwrap) when libxml2 hands it an element or
        // attribute name that is not UTF-8, which it does for such bytes unless the declaration
        // names a single-byte encoding it converts from (a declared UTF-16 does not save it): one
        // corrupt byte in a Bus Time response would take the server down. Bus Time writes UTF-8, so
        // the document must be UTF-8, checked before parsing; a Latin-1 document is refused too.
        if let offset = firstInvalidUTF8Offset(document) {
            throw SIRIDecodingError(path: "", reason: "invalid XML: not UTF-8 at byte \(offset)")
        }
        let parser = XMLParser(data: document)
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { error in
                "invalid XML at line \(parser.lineNumber), column \(parser.columnNumber): \((error as NSError).localizedDescription)"
            } ?? "invalid XML: no root element"
            throw SIRIDecodingError(path: "", reason: reason)
        }
        return root
    }

    /// Where the first byte sequence that is not UTF-8 starts, or nil when all of it is UTF-8.
    static func firstInvalidUTF8Offset(_ document: Data) -> Int? {
        var bytes = document.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The XMLParser delegate: a stack of open elements.
    private final class Builder: NSObject, XMLParserDelegate {
        struct OpenElement {
            var name: String
            var children: [String: Any] = [:]
            var text = ""
        }

        var stack: [OpenElement] = []
        var root: [String: Any]?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let localName = elementName.split(separator: ":").last.map(String.init) ?? elementName
            stack.append(OpenElement(name: localName))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            guard let element = stack.popLast() else { return }
            let value: Any = element.children.isEmpty
                ? element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                : element.children
            guard !stack.isEmpty else {
                root = [element.name: value]
                return
            }
            let parent = stack.count - 1
            switch stack[parent].children[element.name] {
            case nil: stack[parent].children[element.name] = value
            case var list as [Any]:
                // Remove first so the list is uniquely referenced and appends in place.
                stack[parent].children[element.name] = nil
                list.append(value)
                stack[parent].children[element.name] = list
            case let single?: stack[parent].children[element.name] = [single, value]
            }
        }
    }
}
