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

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("error", message)
        writer.endObject()
        return body(status, writer.bytes)
    }
}
