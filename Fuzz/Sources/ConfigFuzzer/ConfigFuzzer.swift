import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting
import Foundation
import FuzzSupport

/// One fuzz input: the bytes, read as UTF-8, are a config file.
@main
enum ConfigFuzzer {
    static func main() {
        Fuzzer.run(configFuzzerTestOneInput)
    }
}

/// libFuzzer's callback; also exported under the name libFuzzer's own `main` object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
package func configFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkConfiguration(text(data, size))
    return 0
}

/// `check` never crashes, points at lines of the file, and a valid config gives JSON documents that parse.
func checkConfiguration(_ yaml: String) {
    let check = Configuration.check(yaml: yaml)
    let hasErrors = check.diagnostics.contains { $0.severity == .error }
    invariant((check.table == nil) == hasErrors, "a table exists exactly when there is no error: \(check.diagnostics)")
    let lineCount = yamlLineCount(yaml)
    for diagnostic in check.diagnostics {
        invariant(!diagnostic.message.isEmpty, "a diagnostic has a message")
        if let line = diagnostic.line {
            invariant((1...lineCount).contains(line), "line \(line) of a \(lineCount)-line file: \(diagnostic)")
        }
    }
    guard let table = check.table else { return }
    for domain in table.domains {
        _ = parsedObject(AASAGenerator(table: table).json(for: domain), "the AASA for \(domain)")
    }
    for domain in table.domains where !check.android.isEmpty {
        let json = AssetLinksGenerator(table: table, apps: check.android).json(for: domain)
        let links = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        invariant(links is [Any], "assetlinks.json for \(domain) is a JSON array: \(json)")
    }
}

/// The number of lines as YAML counts them: CR LF, CR, LF, NEL, LS and PS each end one.
func yamlLineCount(_ yaml: String) -> Int {
    var count = 1
    var previous: Unicode.Scalar?
    for scalar in yaml.unicodeScalars {
        if ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) || (scalar == "\n" && previous != "\r") { count += 1 }
        previous = scalar
    }
    return count
}
