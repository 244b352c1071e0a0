import AppRoutes
import Foundation

/// The URLs a run parses: each with the route it opens, or none.
struct Corpus {
    let entries: [(route: String?, url: String)]

    /// The URLs that open a link.
    var matching: [String] { entries.filter { $0.route != nil }.map(\.url) }
    /// The URLs that open none.
    var nonMatching: [String] { entries.filter { $0.route == nil }.map(\.url) }

    /// Reads `route<TAB>url` lines (`-` for none); nil when the file cannot be read or a line has no tab.
    init?(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var entries: [(route: String?, url: String)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            entries.append((fields[0] == "-" ? nil : String(fields[0]), String(fields[1])))
        }
        self.entries = entries
    }

    /// Every URL whose generated verdict is not the corpus's, or, given a reference, whose reference verdict is not
    /// the generated one.
    func problems(reference: ((String) -> DeepLink?)?) -> [String] {
        var problems: [String] = []
        for (route, url) in entries {
            let parsed = DeepLink.parse(url)
            let generated: DeepLink?
            switch parsed {
            case .link(let link): generated = link
            case .unmatched: generated = nil
            }
            if generated?.route.rawValue != route {
                problems.append("\(url): the generated parser says \(parsed), the corpus \(route ?? "no route")")
            }
            if let reference, reference(url) != generated {
                problems.append("\(url): the hand-written parser says \(reference(url).map { "\($0)" } ?? "nil"), the generated \(parsed)")
            }
        }
        return problems
    }
}
