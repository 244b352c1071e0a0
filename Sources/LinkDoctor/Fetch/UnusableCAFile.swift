/// The CA certificates given with `--cacert` could not be loaded: doctor's own input is wrong, and the server is
/// not to blame.
package struct UnusableCAFile: Error, CustomStringConvertible {
    /// The file, as given.
    package let path: String
    /// libcurl's words.
    package let reason: String

    package var description: String {
        "--cacert \(path): libcurl cannot load CA certificates from it (\(reason)); give a readable PEM file of CA certificates"
    }
}
