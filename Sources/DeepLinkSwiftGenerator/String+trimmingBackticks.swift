extension String {
    /// The identifier without the backticks a keyword is written in.
    var trimmingBackticks: String {
        hasPrefix("`") ? String(dropFirst().dropLast()) : self
    }
}
