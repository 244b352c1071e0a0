extension Problems {
    /// Checks the app section.
    mutating func check(_ app: AppDefinition) -> RouteTable.App? {
        if app.name.value.isEmpty { error(app.name.line, "app: name is empty") }
        checkVisible(app.name.value, line: app.name.line, "app: name")
        if app.appIDs.isEmpty { error(app.name.line, "app: appIDs lists no app (write TEAMID.bundle.id)") }
        for appID in app.appIDs where !Self.isAppID(appID.value) {
            error(appID.line, "app: appID '\(appID.value)' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)")
        }
        if let storeID = app.appStoreID, storeID.value.isEmpty || !storeID.value.utf8.allSatisfy(\.isASCIIDigit) {
            error(storeID.line, "app: appStoreID '\(storeID.value)' must be the numeric App Store ID")
        }
        checkAppClips(app)
        return RouteTable.App(
            name: app.name.value, appIDs: app.appIDs.map(\.value), appStoreID: app.appStoreID?.value,
            webCredentials: app.webCredentials, appClips: app.appClips.map(\.value))
    }

    /// Checks a list of names for validity and duplicates; returns them lower-cased.
    mutating func checkNames(_ names: [Located<String>], kind: String, isValid: (String) -> Bool) -> [String] {
        let isCaseSensitive = kind == "state" || kind == "feature"
        guard !isVouched else { return names.map { isCaseSensitive ? $0.value : $0.value.lowercased() } }
        var seen: Set<String> = []
        var result: [String] = []
        for name in names {
            let value = isCaseSensitive ? name.value : name.value.lowercased()
            if isCaseSensitive { checkVisible(value, line: name.line, kind) }
            if !isValid(value) {
                error(name.line, Self.invalidNameMessage(kind: kind, name.value))
            } else if !seen.insert(value).inserted {
                error(name.line, "\(kind) '\(name.value)' is listed twice")
            } else {
                result.append(value)
            }
        }
        return result
    }

    /// Checks the gates against the declared states.
    mutating func check(_ gates: [GateDefinition], states: [Located<String>]?) -> [String: Set<String>] {
        let known = states.map { Set($0.map(\.value)) }
        var result: [String: Set<String>] = [:]
        for gate in gates {
            let name = gate.name.value
            checkVisible(name, line: gate.name.line, "gate name")
            if result[name] != nil { error(gate.name.line, "gate '\(name.visible)' is defined twice") }
            if gate.states.isEmpty { error(gate.name.line, "gate '\(name.visible)' admits no state") }
            for state in gate.states {
                if let known, !known.contains(state.value) {
                    error(state.line, "gate '\(name.visible)': unknown state '\(state.value.visible)' (not in states)")
                } else if known == nil {
                    checkVisible(state.value, line: state.line, "gate '\(name.visible)': state")
                }
            }
            result[name] = Set(gate.states.map(\.value))
        }
        return result
    }

    static func isAppID(_ appID: String) -> Bool {
        let parts = appID.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count == 10 else { return false }
        let isPrefix = parts[0].utf8.allSatisfy { $0.isASCIIDigit || (0x41...0x5A).contains($0) }
        let bundle = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return isPrefix
            && bundle.allSatisfy { component in
                !component.isEmpty && component.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "-") }
            }
    }

    private static func invalidNameMessage(kind: String, _ value: String) -> String {
        switch kind {
        case "domain": invalidDomainMessage(value)
        case "scheme": "scheme '\(value)' must be a custom URL scheme (letters, digits, '+', '-', '.'; not http or https)"
        default: "\(kind) '\(value)' is empty"
        }
    }
}
