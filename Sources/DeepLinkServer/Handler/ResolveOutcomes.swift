/// The resolve outcomes of one answer, for metrics: none, the one of `GET /resolve` or a landing page (kept without
/// an array, as it comes with most requests), or those of a batch.
enum ResolveOutcomes: Sequence, ExpressibleByArrayLiteral {
    case none
    case one(String)
    case many([String])

    init(arrayLiteral elements: String...) {
        self = .many(elements)
    }

    /// Iterates over the outcomes in order.
    struct Iterator: IteratorProtocol {
        fileprivate var single: String?
        fileprivate var rest: IndexingIterator<[String]>?

        mutating func next() -> String? {
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
