/// A duration as seconds, for the figures a search prints.
extension Duration {
    package var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
