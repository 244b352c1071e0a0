import DeepLinkBytes
import MicroHTTP

/// JSON responses of the APIs.
enum JSONResponse {
    /// The headers of every API response.
    private static let headers: HTTPHeaders = [
        "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
    ]

    /// A response with the UTF-8 JSON `json` and a final newline as its body.
    static func body(_ status: Int, _ json: consuming [UInt8]) -> HTTPResponse {
        var body = json
        body.append(UInt8(ascii: "\n"))
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// A response whose body `write` writes in place, `length` bytes of UTF-8 JSON, followed by a final newline:
    /// the bytes `body(_:_:)` sends for the same JSON, handed to libmicrohttpd without a copy.
    static func written(_ status: Int, length: Int, _ write: (inout ByteWriter) -> Void) -> WrittenResponse {
        let body = ResponseBody.write(capacity: length + 1) { writer in
            write(&writer)
            writer.write(UInt8(ascii: "\n"))
        }
        return WrittenResponse(status: status, headers: headers, body: body)
    }

    /// A response with the error `message` as `{"error": …}`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("error", message)
        writer.endObject()
        return body(status, writer.bytes)
    }
}
