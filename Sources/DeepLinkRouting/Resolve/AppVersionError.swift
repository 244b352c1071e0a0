/// Text that is not an app version.
package struct AppVersionError: Error, Equatable, CustomStringConvertible {
    /// The text given.
    package let text: String

    /// The message: the text, and what a version looks like.
    package var description: String {
        "'\(RouteTable.excerpt(text.utf8))' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"
    }
}
