#if canImport(SwiftUI)
    import SwiftUI

    /// The app's root: every link, from `onOpenURL` or the browsing activity, goes through one `LinkRouter`. It
    /// deploys to iOS 15: the navigation path is a `NavigationStack`'s from iOS 16 on, and secret links never join it.
    public struct RootView: View {
        /// The app's state, as the coordinator reports it.
        @State private var state: DeepLink.AppState = .launching
        /// The navigation path a dispatched link resets and fills (never with a secret link).
        @State private var path: [DeepLink] = []
        private let router = LinkRouter()

        /// A root view.
        public init() {}

        public var body: some View {
            content
                .onOpenURL(perform: open)
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { open(url) }
                }
        }

        @ViewBuilder private var content: some View {
            if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
                NavigationStack(path: $path) {
                    Text("ExpresScan")
                        .navigationDestination(for: DeepLink.self) { link in Text(link.description) }
                }
            } else {
                NavigationView { Text("ExpresScan") }
            }
        }

        private func open(_ url: URL) {
            if case .dispatch(_, _, let stack?) = router.handle(url, in: state) { path = stack }
        }
    }
#endif
