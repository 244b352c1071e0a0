import Foundation

/// Looking values up, transforming and writing them, as swift-mustache 2 does.
extension TemplateRenderer {
    /// The value `name` stands for in `context`, transformed; nil when it is missing or a transform does not apply.
    func value(of name: TemplateName, in context: Context) -> Any? {
        let keys = name.keys
        var found: Any?
        if name.name == "." {
            found = context.stack.last
        } else if name.name.isEmpty, !name.transforms.isEmpty {
            found = context.element
        } else if name.name.hasPrefix(".") {
            found = context.stack.last.flatMap { Self.descend(keys[...], from: $0) }
        } else if let first = keys.first {
            // The first key is looked for from the innermost value out; the rest only inside what it found.
            found = context.stack.reversed().lazy.compactMap { Self.child(first, of: $0) }.first.flatMap { Self.descend(keys.dropFirst(), from: $0) }
        } else {
            found = context.stack.last
        }
        guard var value = found else { return nil }
        for transform in name.transforms.reversed() {
            guard let transformed = Self.transform(value, transform) else { return nil }
            value = transformed
        }
        return value
    }

    /// The value at `keys` inside `value`.
    private static func descend(_ keys: ArraySlice<Substring>, from value: Any) -> Any? {
        var value = value
        for key in keys {
            guard let inner = child(key, of: value) else { return nil }
            value = inner
        }
        return value
    }

    /// The value named `key` inside `value`: a dictionary's entry, a structure's or tuple's member.
    private static func child(_ key: Substring, of value: Any) -> Any? {
        if let dictionary = value as? [String: Any] { return dictionary[String(key)] }
        guard let member = Mirror(reflecting: value).children.first(where: { $0.label.map { $0[...] == key } ?? false }) else { return nil }
        let optional = Mirror(reflecting: member.value)
        guard optional.displayStyle == .optional else { return member.value }
        return optional.children.first?.value
    }

    /// How a value is written: `String(describing:)`, through an optional it holds.
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return text }
        let optional = Mirror(reflecting: value)
        if optional.displayStyle == .optional, let wrapped = optional.children.first?.value { return String(describing: wrapped) }
        return String(describing: value)
    }

    /// `value` transformed by `name` (`uppercased`, `plusone`, `count`, …), or nil when the transform does not apply
    /// to that kind of value.
    static func transform(_ value: Any, _ name: String) -> Any? {
        switch value {
        case let text as String: transform(text[...], name)
        case let text as Substring: transform(text, name)
        case let number as Int: transform(number, name)
        case let element as ListElement: transform(element, name)
        case let dictionary as [String: Any]: transform(dictionary, name)
        case let list as [Any]: transform(list, name)
        default: nil
        }
    }

    private static func transform(_ text: Substring, _ name: String) -> Any? {
        switch name {
        case "empty": text.isEmpty
        case "capitalized": text.capitalized
        case "lowercased": text.lowercased()
        case "uppercased": text.uppercased()
        case "reversed": Substring(text.reversed())
        default: nil
        }
    }

    private static func transform(_ number: Int, _ name: String) -> Any? {
        switch name {
        case "equalzero": number == 0
        case "plusone": number &+ 1
        case "minusone": number &- 1
        case "even": number & 1 == 0
        case "odd": number & 1 == 1
        default: nil
        }
    }

    private static func transform(_ element: ListElement, _ name: String) -> Any? {
        switch name {
        case "first": element.index == 0
        case "last": element.isLast
        case "index": element.index
        case "even": element.index & 1 == 0
        case "odd": element.index & 1 == 1
        default: nil
        }
    }

    private static func transform(_ dictionary: [String: Any], _ name: String) -> Any? {
        switch name {
        case "count": dictionary.count
        case "empty": dictionary.isEmpty
        case "enumerated": dictionary.map { (key: $0.key, value: $0.value) } as [Any]
        case "sorted": dictionary.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) } as [Any]
        default: nil
        }
    }

    private static func transform(_ list: [Any], _ name: String) -> Any? {
        switch name {
        case "first": list.first
        case "last": list.last
        case "reversed": Array(list.reversed())
        case "count": list.count
        case "empty": list.isEmpty
        default: nil
        }
    }
}
