// The app-side bench's driver (scripts/bench/app.py builds and runs it): the generated parser of one table, and for the
// default table the hand-written reference, timed and counted in this process.
//
//   first-use URL                  the first parse in this process (the embedded table compiled on the way), then a second
//   check CORPUS                   each URL's route as the corpus says, and the reference's verdict the same
//   parse CORPUS ROUNDS MILLISECONDS   per-URL time of each parser in interleaved rounds, and allocations per URL
//
// A corpus is one URL a line, after the name of the route it opens or `-` and a tab. Output is one JSON object.
import AppRoutes
import Foundation

#if canImport(HandWrittenRoutes)
    import HandWrittenRoutes
    let reference: ((String) -> DeepLink?)? = { HandWrittenDispatcher.link($0) }
#else
    let reference: ((String) -> DeepLink?)? = nil
#endif

let startedAt = Stopwatch.now()
let arguments = CommandLine.arguments

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("app-parse: " + message + "\n").utf8))
    exit(2)
}

func corpus(at path: String) -> Corpus {
    guard let corpus = Corpus(path: path) else { fail("cannot read the corpus \(path)") }
    return corpus
}

func printJSON(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { fail("cannot write JSON") }
    print(String(decoding: data, as: UTF8.self))
}

switch arguments.dropFirst().first {
case "first-use" where arguments.count == 3:
    let first = DeepLink(string: arguments[2])
    let firstDone = Stopwatch.now()
    let second = DeepLink(string: arguments[2])
    let secondDone = Stopwatch.now()
    printJSON([
        "main_at_ns": startedAt, "first_ns": firstDone - startedAt, "second_ns": secondDone - firstDone,
        "matched": first != nil && first == second,
    ])
case "check" where arguments.count == 3:
    let corpus = corpus(at: arguments[2])
    let problems = corpus.problems(reference: reference)
    printJSON(["urls": corpus.entries.count, "matching": corpus.matching.count, "problems": Array(problems.prefix(20))])
    if !problems.isEmpty { exit(1) }
case "parse" where arguments.count == 5:
    let corpus = corpus(at: arguments[2])
    guard let rounds = Int(arguments[3]), let milliseconds = Int(arguments[4]), rounds > 0, milliseconds > 0 else {
        fail("ROUNDS and MILLISECONDS are positive numbers")
    }
    var parsers: [(name: String, parse: (String) -> DeepLink?)] = [("generated", { DeepLink(string: $0) })]
    if let reference { parsers.append(("hand-written", reference)) }
    let timing = Timing(corpus: corpus, parsers: parsers, sampleNanoseconds: UInt64(milliseconds) * 1_000_000)
    printJSON(timing.measure(rounds: rounds))
default:
    fail("usage: first-use URL | check CORPUS | parse CORPUS ROUNDS MILLISECONDS")
}
