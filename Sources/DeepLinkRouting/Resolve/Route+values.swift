extension Route {
    /// The first declared parameter, in declaration order, whose value breaks its rule; nil when all validate.
    func firstViolation(in request: SearchRequest) -> (parameter: Parameter, violation: ParameterViolation)? {
        for parameter in parameters {
            guard let value = value(of: parameter, in: request) else {
                if parameter.rule.isRequired { return (parameter, .missing) }
                continue
            }
            if let violation = parameter.rule.validate(value) { return (parameter, violation) }
        }
        return nil
    }

    /// The declared parameters present, decoded, in declaration order (path parameters override the query).
    func values(in request: SearchRequest) -> [(name: String, value: String)] {
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(parameters.count)
        for parameter in parameters {
            guard let value = value(of: parameter, in: request) else { continue }
            values.append((parameter.name, String(decoding: value, as: UTF8.self)))
        }
        return values
    }

    /// The decoded value: path components were decoded when the path was split; a query value is decoded here.
    private func value(of parameter: Parameter, in request: SearchRequest) -> Bytes? {
        guard let position = parameter.component else { return request.queryValue(named: parameter.name) }
        return pattern.value(at: position, in: request.path)
    }

    func unmatched(_ parameter: Parameter, _ violation: ParameterViolation) -> Unmatched {
        let kind = parameter.isInPath ? "parameter" : "query parameter"
        return Unmatched(
            reason: .invalidParameter, detail: "route '\(name)': \(kind) '\(parameter.name)' \(violation)", route: name, parameter: parameter.name)
    }
}
