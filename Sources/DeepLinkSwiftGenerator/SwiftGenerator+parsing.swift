import DeepLinkRouting

extension SwiftGenerator {
    /// `init?(url:)`, `parse(_:)` and, where `NSUserActivity` exists, `init?(userActivity:)`, through the embedded
    /// table.
    var parsing: String {
        """
        extension DeepLink {
            /// The link `url` opens, or nil when no route takes it.
            public init?(url: URL) {
                guard case .link(let link) = Self.parse(url) else { return nil }
                self = link
            }

            /// The link `url` opens, or why it opens none: the same outcome as the server's `/resolve`.
            public static func parse(_ url: URL) -> DeepLinkParse {
                guard let table = DeepLinkTable.compilation.table else { return .unmatched(DeepLinkTable.unavailable) }
                switch table.resolve(url.absoluteString) {
                case .unmatched(let unmatched): return .unmatched(unmatched)
                case .matched(let match): return DeepLinkTable.link(from: match).map(DeepLinkParse.link) ?? .unmatched(DeepLinkTable.disagreement(match))
                }
            }
        }

        #if canImport(UIKit) || canImport(AppKit)
            extension DeepLink {
                /// The link a Universal Link opened through `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` (or
                /// `application(_:continue:restorationHandler:)`) opens: its `webpageURL`, parsed as `init?(url:)` does.
                /// Nil for any other kind of activity, one without a URL, or a URL no route takes.
                public init?(userActivity: NSUserActivity) {
                    guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return nil }
                    self.init(url: url)
                }
            }
        #endif

        """
    }

    /// `DeepLinkTable.link(from:)`: a match as a case.
    var matchConversion: String {
        var lines = [
            "    /// The case for a match; nil only if the table and this code disagree.",
            "    static func link(from match: RouteMatch) -> DeepLink? {",
            "        switch match.route.name {",
        ]
        for route in routes {
            lines.append("        case \(SwiftLiteral.string(route.route.name)):")
            var arguments: [String] = []
            for parameter in route.parameters {
                let value = "match.value(of: \(SwiftLiteral.string(parameter.name)))"
                if parameter.isRequired, let local = route.local(of: parameter.name) {
                    lines.append("            guard let \(local) = \(value) else { return nil }")
                    arguments.append("\(parameter.label.trimmingBackticks): \(local)")
                } else {
                    arguments.append("\(parameter.label.trimmingBackticks): \(value)")
                }
            }
            let link = route.caseName + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
            lines.append("            return " + SwiftLiteral.optionalMember(link))
        }
        lines += ["        default: return nil", "        }", "    }"]
        return lines.joined(separator: "\n")
    }

    /// `DeepLinkTable.intent(of:)`: a case as the route name and parameters the table links from.
    var intentConversion: String {
        var lines = [
            "    /// The route name and parameter values of `link`, as the table names them.",
            "    static func intent(of link: DeepLink) -> (route: String, parameters: [String: String]) {",
            "        switch link {",
        ]
        for route in routes {
            let pairs = route.parameters.enumerated().map { "\(SwiftLiteral.string($1.name)): value\($0)" }
            let dictionary =
                pairs.isEmpty
                ? "[:]" : "[" + pairs.joined(separator: ", ") + "]" + (route.parameters.allSatisfy(\.isRequired) ? "" : ".compactMapValues { $0 }")
            lines.append("        case \(route.pattern()): (\(SwiftLiteral.string(route.route.name)), \(dictionary))")
        }
        lines += ["        }", "    }"]
        return lines.joined(separator: "\n")
    }
}
