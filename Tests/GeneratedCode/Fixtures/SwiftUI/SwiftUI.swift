// A stand-in for SwiftUI where Apple's framework does not exist (Linux): only the declarations the README's and the
// DocC catalog's snippets use, with SwiftUI's names and signatures, so the snippets compile here as they are written.
// Nothing here runs: a snippet is compiled, never executed. Availability is not checked on Linux, so the snippets
// keep iOS 16 API such as NavigationStack behind `if #available` themselves.

// SwiftUI's own import of Foundation reaches the files that import SwiftUI; this module does the same.
@_exported import Foundation

/// A view.
@MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// A view with nothing in it; the body of the views here that have no content of their own.
public struct EmptyView: View {
    public init() {}
    public var body: EmptyView { self }
}

/// Text.
public struct Text: View {
    public init<Content: StringProtocol>(_ content: Content) {}
    public var body: EmptyView { EmptyView() }
}

/// Any view.
public struct AnyView: View {
    public init<Content: View>(_ view: Content) {}
    public var body: EmptyView { EmptyView() }
}

/// Two views in a row.
public struct TupleView<Content>: View {
    public init(_ value: Content) {}
    public var body: EmptyView { EmptyView() }
}

/// One of two views.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
    public var body: EmptyView { EmptyView() }
}

extension Optional: View where Wrapped: View {
    public var body: EmptyView { EmptyView() }
}

/// What a view body's statements build.
@MainActor @resultBuilder public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<First: View, Second: View>(_ first: First, _ second: Second) -> TupleView<(First, Second)> {
        TupleView((first, second))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> { ConditionalContent() }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> { ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A value a view owns.
@propertyWrapper public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    public init(wrappedValue value: Value) { box = Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

/// A reference to a value another view owns.
@propertyWrapper public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

/// A stack of views over a path of values (iOS 16, macOS 13).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
    public var body: EmptyView { EmptyView() }
}

/// A navigation hierarchy (iOS 13).
public struct NavigationView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: EmptyView { EmptyView() }
}

/// A continued activity.
open class NSUserActivity {
    public let activityType: String
    open var webpageURL: URL?
    open var userInfo: [AnyHashable: Any]?

    public init(activityType: String) { self.activityType = activityType }
}

/// The activity of a browsed web page: a Universal Link.
public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

extension View {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public func navigationDestination<Value: Hashable, Destination: View>(
        for data: Value.Type, @ViewBuilder destination: @escaping (Value) -> Destination
    ) -> some View { self }

    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

    public func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> Void) -> some View { self }

    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View { self }
}

/// A type whose values can be pasted (CoreTransferable's, which SwiftUI exports); `String` is one.
public protocol Transferable {}

extension String: Transferable {}

/// The system's paste button: the app reads the pasteboard only when the person taps it, so iOS asks no permission.
@available(iOS 16.0, macOS 13.0, macCatalyst 16.0, *)
public struct PasteButton: View {
    nonisolated public init<T: Transferable>(payloadType: T.Type, onPaste: @escaping ([T]) -> Void) {}
    public var body: EmptyView { EmptyView() }
}
