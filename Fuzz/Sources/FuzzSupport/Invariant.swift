import Foundation

/// Stops the process when `condition` is false, so libFuzzer records the input as a crash.
///
/// The harnesses use it for properties the code under test must keep; the message says which one broke and on what.
package func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

/// Parses `json` with Foundation's parser, stopping the process when it is not a JSON object.
package func parsedObject(_ json: String, _ context: @autoclosure () -> String) -> [String: Any] {
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
    guard let dictionary = object as? [String: Any] else {
        fatalError("invariant violated: \(context()) is not a JSON object: \(json)")
    }
    return dictionary
}

/// Byte-wise string equality (Swift's `==` treats canonically equivalent strings as equal).
package func sameBytes(_ left: String?, _ right: String?) -> Bool {
    left.map { Array($0.utf8) } == right.map { Array($0.utf8) }
}
