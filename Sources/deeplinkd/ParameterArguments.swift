import ArgumentParser

/// `NAME=VALUE` command-line arguments, as `link` and `qr` take parameter values.
enum ParameterArguments {
    /// The values by name; prints what is wrong and exits 1 for an argument without `=` or a name given twice.
    static func parse(_ arguments: [String]) throws -> [String: String] {
        var parameters: [String: String] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                Console.error("deeplinkd: '\(argument)' is not NAME=VALUE")
                throw ExitCode.failure
            }
            let name = String(argument[..<equals])
            if parameters[name] != nil {
                Console.error("deeplinkd: parameter '\(name)' is given twice")
                throw ExitCode.failure
            }
            parameters[name] = String(argument[argument.index(after: equals)...])
        }
        return parameters
    }
}
