import ArgumentParser
import DeepLinkRouting
import Foundation
import StickerCodes

extension QRCommand {
    /// Writes one code per CSV row into `directory`, named after the row's first column, and `sheet.html` with
    /// every code written, each file atomically and never through a symbolic link found in the directory. A row that
    /// fails (a value the table refuses, a name taken, a write that fails) is reported with its line, row and column
    /// and makes no code; the other rows are still written, then the sheet and a summary naming the rows that
    /// failed, and the command exits 1.
    func writeBatch(csv: String, directory: String, maker: StickerMaker) throws {
        let table = try readTable(csv, for: maker)
        let folder: OutputDirectory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            folder = try OutputDirectory(path: directory)
        } catch {
            Console.error("deeplinkd: cannot create the directory \(directory)")
            throw ExitCode.failure
        }
        let names = StickerFileNames(labels: table.records.map { $0.fields.first ?? "" })
        var stickers: [StickerSheet.Sticker] = []
        var written: [String: (row: Int, file: String)] = [:]
        var failedRows: [Int] = []
        for (index, record) in table.records.enumerated() {
            let row = index + 1
            let place = "\(csv):\(record.line): row \(row)"
            guard record.fields.count == table.header.count else {
                Console.error("\(place): \(record.fields.count) fields, but the header has \(table.header.count)")
                failedRows.append(row)
                continue
            }
            let file = "\(names.stems[index]).\(maker.format.rawValue)"
            do {
                let link = try maker.link(parameters(of: record, header: table.header, maker: maker))
                // Names are compared without case: on a case-insensitive volume (macOS, Windows) CH-1 and ch-1 are one file.
                if let earlier = written[file.lowercased()] {
                    let taken =
                        earlier.file == file
                        ? "\(file) is already written for row \(earlier.row)"
                        : "\(file) differs only in case from \(earlier.file), written for row \(earlier.row), and would overwrite it on a case-insensitive volume"
                    Console.error("\(place), column '\(table.header[0])': \(taken)")
                    failedRows.append(row)
                    continue
                }
                try folder.replace(file, with: try maker.image(of: link).bytes, place: directory + "/" + file, isSynced: false)
                written[file.lowercased()] = (row, file)
                stickers.append(StickerSheet.Sticker(label: record.fields[0], file: file, link: link))
            } catch let error as StickerFailure {
                Console.error("\(place)\(error.parameter.map { ", column '\($0)'" } ?? ""): \(error)")
                failedRows.append(row)
            } catch let error as OutputFailure {
                Console.error("\(place): \(error)")
                failedRows.append(row)
            }
        }
        let sheet = StickerSheet(title: "\(maker.route.name): \(stickers.count) codes", paper: batch.sheet ?? .a4, stickers: stickers)
        var isSheetWritten = true
        do throws(OutputFailure) {
            try folder.replace("sheet.html", with: Array(sheet.html.utf8), place: directory + "/sheet.html", isSynced: false)
        } catch {
            Console.error("deeplinkd: \(error)")
            isSheetWritten = false
        }
        // The codes and the sheet reach the disk together, once: a sync a file would cost more than making the codes.
        var isSynced = true
        do throws(OutputFailure) {
            try folder.sync(place: directory)
        } catch {
            Console.error("deeplinkd: \(error)")
            isSynced = false
        }
        let codes = "\(directory): \(stickers.count) \(maker.format.rawValue.uppercased()) code\(stickers.count == 1 ? "" : "s")"
        let rows = failedRows.map(String.init).joined(separator: ", ")
        let failures =
            failedRows.isEmpty ? "" : " (\(failedRows.count) of \(table.records.count) rows not written: \(failedRows.count == 1 ? "row" : "rows") \(rows))"
        try Console.report(codes + (isSheetWritten ? " and sheet.html" : ", and no sheet.html") + failures)
        if !failedRows.isEmpty || !isSheetWritten || !isSynced { throw ExitCode.failure }
    }

    /// The row's values by column; an empty cell leaves an optional query parameter out, and a path parameter takes
    /// it as its value.
    private func parameters(of record: CSVTable.Record, header: [String], maker: StickerMaker) -> [String: String] {
        var parameters: [String: String] = [:]
        for (name, value) in zip(header, record.fields) {
            if value.isEmpty, maker.route.parameter(named: name)?.isInPath == false { continue }
            parameters[name] = value
        }
        return parameters
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
}
