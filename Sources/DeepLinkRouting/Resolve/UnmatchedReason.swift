/// The fixed set of reasons a URL does not match.
public enum UnmatchedReason: String, Sendable, CaseIterable {
    case malformedURL, tooLong, unsupportedScheme, foreignHost, noRoute, invalidParameter, channelNotAllowed
}
