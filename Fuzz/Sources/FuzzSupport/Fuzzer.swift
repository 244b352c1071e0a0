import CLibFuzzer
import Glibc

/// libFuzzer's entry point, for the `main` of each fuzzer.
package enum Fuzzer {
    /// What libFuzzer calls with each input; it returns 0 (libFuzzer reserves other values).
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with the process's arguments (`-max_total_time=…`, corpus directories) and exits with its status.
    package static func run(_ testOneInput: TestOneInput) -> Never {
        var argumentCount = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, testOneInput))
    }
}

/// The input as text: invalid UTF-8 becomes U+FFFD, as a server reading raw bytes would see it.
package func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}
