import ArgumentParser
import DeepLinkRouting
import Foundation
import StickerCodes

extension QRCommand {
    /// Writes one code per CSV row into `directory`, named after the row's first column, and `sheet.html` with
    /// every code written. A row the table refuses is reported with its line, row and column and makes no code; the
    /// other rows are still written, and the command then exits 1.
    func writeBatch(csv: String, directory: String, maker: StickerMaker) throws {
        let table = try readTable(csv, for: maker)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            Console.error("deeplinkd: cannot create the directory \(directory)")
            throw ExitCode.failure
        }
        var stickers: [StickerSheet.Sticker] = []
        var rowOfFile: [String: Int] = [:]
        var refused = 0
        for (index, record) in table.records.enumerated() {
            let row = index + 1
            let place = "\(csv):\(record.line): row \(row)"
            guard record.fields.count == table.header.count else {
                Console.error("\(place): \(record.fields.count) fields, but the header has \(table.header.count)")
                refused += 1
                continue
            }
            var parameters: [String: String] = [:]
            for (name, value) in zip(table.header, record.fields) {
                // An empty cell leaves an optional query parameter out; a path parameter takes it as its value.
                if value.isEmpty, maker.route.parameter(named: name)?.isInPath == false { continue }
                parameters[name] = value
            }
            let label = record.fields[0]
            let file = "\(Self.fileStem(label) ?? "row-\(row)").\(maker.format.rawValue)"
            do {
                let link = try maker.link(parameters)
                if let earlier = rowOfFile[file] {
                    Console.error("\(place), column '\(table.header[0])': \(file) is already written for row \(earlier)")
                    refused += 1
                    continue
                }
                try FileBytes.write(try maker.image(of: link).bytes, to: directory + "/" + file)
                rowOfFile[file] = row
                stickers.append(StickerSheet.Sticker(label: label, file: file, link: link))
            } catch let error as StickerFailure {
                Console.error("\(place)\(error.parameter.map { ", column '\($0)'" } ?? ""): \(error)")
                refused += 1
            }
        }
        let sheet = StickerSheet(title: "\(maker.route.name): \(stickers.count) codes", paper: batch.sheet ?? .a4, stickers: stickers)
        try FileBytes.write(Array(sheet.html.utf8), to: directory + "/sheet.html")
        let summary = "\(directory): \(stickers.count) \(maker.format.rawValue.uppercased()) codes and sheet.html"
        Console.output(summary + (refused == 0 ? "" : " (\(refused) of \(table.records.count) rows refused)"))
        if refused > 0 { throw ExitCode.failure }
    }

    /// The CSV file, its header checked against the route: every column a parameter, once, and every parameter
    /// the route requires present. Prints every problem and exits 1 if there is one.
    private func readTable(_ path: String, for maker: StickerMaker) throws -> CSVTable {
        let table: CSVTable
        do {
            guard let text = String(validating: try FileBytes.read(path), as: UTF8.self) else {
                Console.error("\(path): not UTF-8 text")
                throw ExitCode.failure
            }
            table = try CSVTable(parsing: text)
        } catch let error as FileBytes.Failure {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        } catch let error as CSVError {
            Console.error("\(path):\(error.line.map { "\($0):" } ?? "") \(error)")
            throw ExitCode.failure
        }
        let route = maker.route
        var problems: [String] = []
        var seen: Set<String> = []
        for name in table.header {
            if !seen.insert(name).inserted {
                problems.append("column '\(name)' appears twice")
            } else if route.parameter(named: name) == nil {
                let known = route.parameters.map(\.name)
                problems.append(
                    "column '\(name)' is not a parameter of route '\(route.name)' (parameters: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
        }
        for parameter in route.parameters where (parameter.isInPath || parameter.rule.isRequired) && !seen.contains(parameter.name) {
            problems.append("no column for parameter '\(parameter.name)', which route '\(route.name)' requires")
        }
        for problem in problems { Console.error("\(path):1: \(problem)") }
        guard problems.isEmpty else { throw ExitCode.failure }
        return table
    }

    /// `label` as a file name stem when it is a safe one (letters, digits, `.`, `_`, `-`, not starting with `.`,
    /// at most 100 characters), else nil.
    static func fileStem(_ label: String) -> String? {
        guard let first = label.utf8.first, first != UInt8(ascii: "."), label.utf8.count <= 100 else { return nil }
        let isSafe = label.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        return isSafe ? label : nil
    }
}
