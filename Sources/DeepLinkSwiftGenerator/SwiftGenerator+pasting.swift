import DeepLinkRouting

extension SwiftGenerator {
    /// "Copy link, then install", the app's side: `Route.offersCopyLink`, `pasted(_:)`, which takes pasted strings
    /// through the one parser and keeps only links of the routes whose landing page offers the copy (`copyLink: true`,
    /// never a secret route), and where SwiftUI has `PasteButton`, a view around it.
    var pasting: String {
        """
        extension \(name).Route {
        \(routeCopyLink)
        }

        extension \(name) {
            /// The link of the first of `strings` (what the pasteboard held, surrounding white space ignored) that opens
            /// a route whose landing page offers "Copy link, then install" (`copyLink: true` in the table; never a secret
            /// route); nil when none does. The same parser as `init(string:)`: a pasted link opens what the server
            /// resolves it to, and a link of any other route is not taken, so a visitor who copied the link before the
            /// install gets exactly that link back, and nothing else the pasteboard held.
            \(access)nonisolated static func pasted(_ strings: [String]) -> \(name)? {
                for string in strings {
                    let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard case .link(let link) = EmbeddedTable.parse(EmbeddedTable.arrive(trimmed, from: .paste)), link.route.offersCopyLink, !link.isSecret
                    else { continue }
                    return link
                }
                return nil
            }
        }

        #if canImport(SwiftUI) && !os(tvOS) && !os(watchOS)
        \(options.accessModifier == .public ? "public import SwiftUI" : "import SwiftUI")

        extension \(name) {
            /// SwiftUI's `PasteButton` for the app's first launch, after "Copy link, then install" on a landing page: the
            /// system draws it, the visitor taps it, and only then does the app read the pasteboard (so iOS asks no
            /// permission). `onLink` gets the link `pasted(_:)` takes, on the main actor; a paste it does not take calls
            /// nothing.
            @available(iOS 16.0, macOS 13.0, macCatalyst 16.0, *)
            @MainActor
            \(access)struct PasteLinkButton: View {
                private let onLink: @MainActor @Sendable (\(name)) -> Void

                /// A button that hands the pasted link to `onLink`.
                \(access)init(onLink: @escaping @MainActor @Sendable (\(name)) -> Void) {
                    self.onLink = onLink
                }

                \(access)var body: some View {
                    let onLink = onLink
                    PasteButton(payloadType: String.self) { strings in
                        guard let link = \(name).pasted(strings) else { return }
                        Task { @MainActor in onLink(link) }
                    }
                }
            }
        }
        #endif

        """
    }

    /// `Route.offersCopyLink`, listing the routes with `copyLink: true`.
    private var routeCopyLink: String {
        let body = routeSwitch(trueFor: routes.filter { $0.route.offersCopyLink && !$0.route.isSecret })
        return """
                /// Whether the route's landing page offers "Copy link, then install" (`copyLink: true` in the table), so
                /// `pasted(_:)` takes its links.
                \(access)nonisolated var offersCopyLink: Bool {
            \(body)
                }
            """
    }
}
