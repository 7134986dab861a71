import WebSocketServer

/// Which sites may frame which of the server's pages. The station display (`/display/…`) exists to be embedded
/// in lobby, shop and intranet pages, so by default any site may frame it; every other page (the map, `/status`)
/// only its own origin, which keeps other sites from overlaying them (click-jacking).
///
/// The policy is sent as CSP `frame-ancestors` alone: `X-Frame-Options` cannot express "any site" or a list of
/// sites, and browsers ignore it when `frame-ancestors` is present, so it is never sent.
public struct PageFraming: Sendable, Equatable {
    /// Who may frame the station display (`--frame-ancestors`).
    public var display: FrameAncestors

    public init(display: FrameAncestors = .anySite) {
        self.display = display
    }

    /// The sources allowed to frame the page at `path`.
    public func ancestors(for path: RequestPath) -> FrameAncestors {
        path.segments.first == "display" ? display : .sameOrigin
    }

    /// Adds the page's policy to a response.
    public func apply(to response: inout HTTPResponse, for path: RequestPath) {
        response.headers.set("Content-Security-Policy", ancestors(for: path).headerValue)
    }
}
