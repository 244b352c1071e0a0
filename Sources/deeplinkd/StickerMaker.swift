import DeepLinkRouting
import StickerCodes

/// Turns intents of one route into QR code images of their canonical Universal Links, as `qr` writes them.
struct StickerMaker {
    /// The image file formats.
    enum Format: String, CaseIterable {
        case svg, png
    }

    let table: RouteTable
    let route: Route
    let format: Format
    let layout: ImageLayout
    let correction: ErrorCorrection

    /// A maker for the route called `name`; refuses an unknown route, a secret one (a sign-in token must never be
    /// printed or kept as an image) and one no domain may open (it has no Universal Link).
    init(table: RouteTable, route name: String, format: Format, layout: ImageLayout, correction: ErrorCorrection) throws(StickerFailure) {
        guard let route = table.routes.first(where: { $0.name == name }) else {
            throw .link(.unknownRoute(name, known: table.routes.map(\.name)))
        }
        guard !route.isSecret else { throw .secretRoute(name) }
        guard route.isUniversal else { throw .notUniversal(name, scopes: route.scopes.map(\.description)) }
        self.table = table
        self.route = route
        self.format = format
        self.layout = layout
        self.correction = correction
    }

    /// The Universal Link for `parameters`, validated exactly as `link` and `/link` validate them.
    func link(_ parameters: [String: String]) throws(StickerFailure) -> String {
        let links: Links
        do { links = try table.links(route: route.name, parameters: parameters) } catch { throw .link(error) }
        guard let universal = links.universal else { throw .notUniversal(route.name, scopes: route.scopes.map(\.description)) }
        return universal
    }

    /// The encoded code of `link`, with its image file's bytes.
    func image(of link: String) throws(StickerFailure) -> (code: QRCode, bytes: [UInt8]) {
        let code: QRCode
        do { code = try QRCode(encoding: link, correction: correction) } catch { throw .code(error) }
        do {
            switch format {
            case .svg: return (code, Array(try code.svg(layout: layout).utf8))
            case .png: return (code, try code.png(layout: layout))
            }
        } catch {
            throw .layout(error)
        }
    }
}
