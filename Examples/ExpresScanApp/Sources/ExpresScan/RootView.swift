#if canImport(SwiftUI)
    import SwiftUI

    /// The app's root: every link, from `onOpenURL` or the legacy browsing activity, goes through one `LinkRouter`.
    public struct RootView: View {
        /// The app's state, as the coordinator reports it.
        @State private var state: AppState = .launching
        /// The navigation path a dispatched link resets and fills.
        @State private var path: [DeepLink] = []
        private let router = LinkRouter()

        /// A root view.
        public init() {}

        public var body: some View {
            NavigationStack(path: $path) {
                Text("ExpresScan")
                    .navigationDestination(for: DeepLink.self) { link in Text(String(describing: link)) }
            }
            .onOpenURL(perform: open)
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                if let url = activity.webpageURL { open(url) }
            }
        }

        private func open(_ url: URL) {
            if case .dispatch(_, _, let stack) = router.handle(url, in: state) { path = stack }
        }
    }
#endif
