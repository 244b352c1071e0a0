/// Random template sets from a fixed seed (SplitMix64): a page, a partial `b` and a parent `layout`, built from
/// text, blanks, line breaks (`\n` and `\r\n`), every kind of tag on the sample context's names, sections and blocks
/// nested a few deep, lines holding only a tag, indented, and delimiter changes.
struct TemplateGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(next() % UInt64(choices.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        next() % 100 < percent
    }

    static let texts = ["x", "<p>", "a b", "{ ", "}", "{ { ", "é", "\"q\"", "&amp;", "{{\n", "a\u{301}", "\r"]
    static let blanks = [" ", "  ", "\t", "    "]
    static let breaks = ["\n", "\n", "\r\n"]
    static let variables = [
        "{{appName}}", "{{ lang }}", "{{{canonicalURL}}}", "{{&appURL}}", "{{values.id}}", "{{#lang}}{{.}}{{/lang}}", "{{uppercased(appName)}}",
        "{{lowercased(values.code)}}", "{{count(values)}}", "{{plusone(status)}}", "{{missing}}", "{{values.token}}", "{{reversed(lang)}}",
        "{{empty(appName)}}", "{{capitalized(title)}}", "{{isSecret}}", "{{.lang}}", "{{first()}}",
    ]
    static let sectionNames = ["isSecret", "appURL", "values", "lang", "missing", "smartAppBanner", "empty(appName)", "status", "even(status)"]
    static let standalone = ["{{! note }}", "{{>b}}", "{{=<% %>=}}<%={{ }}=%>", "{{% CONTENT_TYPE: HTML }}"]

    /// A template body, nesting sections up to `depth` more levels; `b` itself includes no `{{>b}}`.
    mutating func body(depth: Int, pieces: Int = 8, includesB: Bool = true) -> String {
        var text = ""
        for _ in 0..<(1 + Int(next() % UInt64(pieces))) {
            switch next() % 10 {
            case 0: text += pick(Self.texts)
            case 1: text += pick(Self.blanks)
            case 2: text += pick(Self.breaks)
            case 3, 4: text += pick(Self.variables)
            case 5:
                let tag = includesB ? pick(Self.standalone) : pick(Self.standalone.filter { $0 != "{{>b}}" })
                text += pick(Self.breaks) + (chance(50) ? pick(Self.blanks) : "") + tag + (chance(30) ? " " : "") + pick(Self.breaks)
            case 6 where depth > 0, 7 where depth > 0:
                let name = pick(Self.sectionNames)
                let sigil = chance(70) ? "#" : "^"
                let indentation = chance(50) ? pick(Self.blanks) : ""
                let open = chance(60) ? pick(Self.breaks) + indentation + "{{\(sigil)\(name)}}" + pick(Self.breaks) : "{{\(sigil)\(name)}}"
                let close = chance(60) ? pick(Self.breaks) + indentation + "{{/\(name)}}" + pick(Self.breaks) : "{{/\(name)}}"
                text += open + body(depth: depth - 1, includesB: includesB) + close
            case 8 where depth > 0:
                let indentation = chance(50) ? pick(Self.blanks) : ""
                // `aside`: a block no parent tag overrides, so it never expands itself.
                text += pick(Self.breaks) + indentation + "{{$aside}}" + body(depth: depth - 1, includesB: includesB) + "{{/aside}}" + pick(Self.breaks)
            default: text += pick(Self.texts) + pick(Self.variables)
            }
        }
        return text
    }

    /// A set: `page` (a plain page or one that overrides `layout`'s blocks), `b`, `layout`.
    mutating func templateSet() -> [String: String] {
        let layout =
            "<main>" + body(depth: 1, pieces: 4) + pick(Self.breaks) + (chance(50) ? pick(Self.blanks) : "") + "{{$content}}" + body(depth: 1, pieces: 3)
            + "{{/content}}" + body(depth: 1, pieces: 4) + "\n  {{$footer}}\n  {{appName}}\n  {{/footer}}\n</main>\n"
        let page: String
        if chance(40) {
            var overrides =
                pick(["", "\n", "  \n", "\n  {{! in the parent }}\n", "{{=<% %>=}}<%={{ }}=%>\n"]) + pick(["", "  "]) + "{{$content}}"
                + body(depth: 2) + "{{/content}}" + pick(Self.breaks)
            if chance(50) { overrides += pick(Self.blanks) + "{{$footer}}" + pick(Self.breaks) + body(depth: 1) + pick(Self.breaks) + "{{/footer}}\n" }
            page = (chance(50) ? "\n" : "") + "{{<layout}}" + overrides + "{{/layout}}" + pick(["", "\n", " tail"])
        } else {
            page = (chance(30) ? pick(Self.blanks) + "\n" : "") + body(depth: 3, pieces: 12)
        }
        // Each ends with text that is not a `{`: swift-mustache refuses a template whose last character is the first of
        // the start delimiter (it reads past the end looking for the second), which deeplinkd takes as text.
        return ["page": page + ".", "b": body(depth: 1, pieces: 5, includesB: false) + ".", "layout": layout]
    }
}
