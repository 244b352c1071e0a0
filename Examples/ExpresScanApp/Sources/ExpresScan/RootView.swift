#if canImport(SwiftUI)
    import SwiftUI

    /// The app's root: every link, from `onOpenURL` or the browsing activity, and every state the coordinator reports go
    /// through one `LinkRouter` and its inbox. It deploys to iOS 15: the navigation path is a `NavigationStack`'s from
    /// iOS 16 on, and sign-in links (presentation `none`) never join it.
    public struct RootView: View {
        /// The app's state, as the coordinator reports it.
        @State private var state: DeepLink.AppState = .launching
        /// The navigation path dispatched links are presented on (never a sign-in link).
        @State private var path: [DeepLink] = []
        private let router: LinkRouter

        /// A root view on `router`, the app's one (the push notification delegate feeds the same one).
        public init(router: LinkRouter) {
            self.router = router
        }

        public var body: some View {
            content
                .onOpenURL { router.handle(router.open($0, from: .openURL), on: &path) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    router.handle(router.open(activity.webpageURL, from: .browsingActivity), on: &path)
                }
                .onChange(of: state) { router.handle(router.enter($0), on: &path) }
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
    }
#endif
