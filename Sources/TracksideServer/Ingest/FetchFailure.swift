import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a fetch brought no document, classified so `/metrics` can count errors by kind.
public struct FetchFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as an operator groups it.
    public enum Kind: Equatable, Sendable {
        /// The publisher answered with this non-2xx status.
        case httpStatus(Int)
        /// No complete answer within the fetch timeout.
        case timeout
        /// Refused, reset, cut short, DNS, TLS: the answer did not arrive.
        case network
        /// A 2xx with no body.
        case emptyBody
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// Classifies a URLSession error: its timeout apart from every other transport failure.
    public init(transportError error: any Error) {
        let timedOut = (error as? URLError)?.code == .timedOut
        self.init(timedOut ? .timeout : .network, error.localizedDescription)
    }
}
