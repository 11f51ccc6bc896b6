/// `exp` and `log` without Foundation or a C library, for the scroll physics (deceleration is an
/// exponential decay, its end time a logarithm). Accurate to a few ulps over the ranges scrolling
/// uses; exact at 0 (`exponential(0) == 1`, `naturalLogarithm(1) == 0`).
enum ExponentialFunctions {
    static let ln2 = 0.6931471805599453

    /// e^x. Range-reduced to x = k·ln 2 + r with |r| ≤ ln 2 / 2, then a Taylor series for e^r and an
    /// exact scaling by 2^k. Underflows to 0 below about −745 and overflows to +∞ above about 709.
    static func exponential(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? x : (x > 0 ? .infinity : 0) }
        if x > 709.8 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        // Horner form of Σ rⁿ/n! up to n = 17 (|r| ≤ 0.347: the last term is below 1e-24).
        var sum = 1.0
        var n = 17.0
        while n >= 1 {
            sum = 1 + sum * r / n
            n -= 1
        }
        return scaled(sum, byPowerOfTwo: Int(k))
    }

    /// ln x for x > 0; −∞ at 0, NaN below. x = m·2^e with m in [√½, √2), then
    /// ln m = 2·atanh((m − 1)/(m + 1)) as a series.
    static func naturalLogarithm(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? -.infinity : .nan }
        guard x.isFinite else { return x }
        var exponent = Int(x.exponent)
        var mantissa = x.significand  // in [1, 2)
        if mantissa > 1.4142135623730951 {
            mantissa /= 2
            exponent += 1
        }
        let s = (mantissa - 1) / (mantissa + 1)
        let s2 = s * s
        // Σ s^(2n+1)/(2n+1), n = 0…14 (|s| ≤ 0.1716: the next term is below 1e-24).
        var sum = 0.0
        var n = 14.0
        while n >= 0 {
            sum = 1 / (2 * n + 1) + s2 * sum
            n -= 1
        }
        return 2 * s * sum + Double(exponent) * ln2
    }

    /// base^exponent for base > 0.
    static func power(_ base: Double, _ exponent: Double) -> Double {
        if exponent == 0 { return 1 }
        return exponential(exponent * naturalLogarithm(base))
    }

    /// value · 2^k, in steps that never overflow or underflow an intermediate factor.
    private static func scaled(_ value: Double, byPowerOfTwo k: Int) -> Double {
        var result = value
        var remaining = k
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
