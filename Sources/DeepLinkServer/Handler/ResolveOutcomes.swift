/// The resolve outcomes of one answer, for metrics: none, the one of `GET /resolve` or a landing page (kept without
/// an array, as it comes with most requests), or those of a batch.
enum ResolveOutcomes: Sequence, ExpressibleByArrayLiteral {
    case none
    case one(Outcome)
    case many([Outcome])

    /// One URL's outcome as metrics label it: `matched` or the reason, and the name of the route concerned (the one
    /// that matched, or the one whose parameter or channel refused the URL), empty when no route was. A route name,
    /// never a value: the labels are bounded by the table. `alias` is the pattern text of the alias a match came
    /// through, empty for the route's path (or no match).
    struct Outcome: Hashable, ExpressibleByStringLiteral {
        let reason: String
        let route: String
        let alias: String

        init(_ reason: String, route: String, alias: String = "") {
            self.reason = reason
            self.route = route
            self.alias = alias
        }

        /// An outcome concerning no route.
        init(stringLiteral reason: String) {
            self.init(reason, route: "")
        }
    }

    init(arrayLiteral elements: Outcome...) {
        self = .many(elements)
    }

    /// Iterates over the outcomes in order.
    struct Iterator: IteratorProtocol {
        fileprivate var single: Outcome?
        fileprivate var rest: IndexingIterator<[Outcome]>?

        mutating func next() -> Outcome? {
            if let single {
                self.single = nil
                return single
            }
            return rest?.next()
        }
    }

    func makeIterator() -> Iterator {
        switch self {
        case .none: Iterator(single: nil, rest: nil)
        case .one(let outcome): Iterator(single: outcome, rest: nil)
        case .many(let outcomes): Iterator(single: nil, rest: outcomes.makeIterator())
        }
    }
}
