//! Colours of the marks drawn on the board's background, so that they read on a dark
//! table (the default) and on a light one (`theme="light"`, a page's own colour).

/// How the legal squares of the drawn tile are marked: fill, fill under the pointer, and
/// the dashed outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalMarks {
    /// The square's fill.
    pub fill: &'static str,
    /// The fill of the square under the pointer (or in focus).
    pub hot: &'static str,
    /// The dashed outline.
    pub edge: &'static str,
    /// The fill of a square no tile still to come can fill.
    pub dead: &'static str,
    /// The cross drawn on it.
    pub cross: &'static str,
}

/// Pale gold on a dark table.
pub const ON_DARK: LegalMarks = LegalMarks {
    fill: "rgba(255,236,140,0.18)",
    hot: "rgba(255,236,140,0.45)",
    edge: "rgba(255,236,140,0.9)",
    dead: "rgba(0,0,0,0.3)",
    cross: "rgba(255,255,255,0.45)",
};
/// Dark amber on a light table.
pub const ON_LIGHT: LegalMarks = LegalMarks {
    fill: "rgba(150,105,0,0.16)",
    hot: "rgba(150,105,0,0.34)",
    edge: "rgba(110,75,0,0.85)",
    dead: "rgba(0,0,0,0.12)",
    cross: "rgba(0,0,0,0.45)",
};

/// The marks that read on a background given as a CSS colour: `#rgb`, `#rrggbb`, `rgb(…)`
/// or `rgba(…)` (as `getComputedStyle` gives it); anything else counts as dark.
pub fn legal_marks(background: &str) -> LegalMarks {
    match rgb(background) {
        // Relative luminance (sRGB weights, without the gamma curve: enough to tell light
        // from dark).
        Some([r, g, b]) if 0.2126 * r + 0.7152 * g + 0.0722 * b > 140.0 => ON_LIGHT,
        _ => ON_DARK,
    }
}

/// The red, green and blue of a CSS colour (0–255), if it is written in a form above.
fn rgb(css: &str) -> Option<[f64; 3]> {
    let css = css.trim();
    if let Some(hex) = css.strip_prefix('#') {
        let digits: Vec<u32> = hex.chars().map(|c| c.to_digit(16)).collect::<Option<_>>()?;
        return match digits.as_slice() {
            [r, g, b] => Some([r * 17, g * 17, b * 17].map(f64::from)),
            [r1, r2, g1, g2, b1, b2] => Some([r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2].map(f64::from)),
            _ => None,
        };
    }
    let inner = css.strip_prefix("rgba(").or_else(|| css.strip_prefix("rgb("))?.strip_suffix(')')?;
    let parts: Vec<f64> = inner.split(',').take(3).map(|p| p.trim().parse().ok()).collect::<Option<_>>()?;
    <[f64; 3]>::try_from(parts).ok().filter(|c| c.iter().all(|v| (0.0..=255.0).contains(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_squares_are_marked_to_read_on_their_background() {
        // The default table and the dark theme are dark; the light theme is light.
        assert_eq!(legal_marks("#26352b"), ON_DARK);
        assert_eq!(legal_marks("rgb(15, 21, 17)"), ON_DARK);
        assert_eq!(legal_marks("rgb(230, 237, 220)"), ON_LIGHT);
        assert_eq!(legal_marks("#fff"), ON_LIGHT);
        assert_eq!(legal_marks("rgba(250, 200, 100, 1)"), ON_LIGHT);
        // What cannot be read counts as dark, as the canvas shows it (black).
        for odd in ["", "teal", "#12", "rgb(1, 2)", "rgb(300, 0, 0)", "#ggg"] {
            assert_eq!(legal_marks(odd), ON_DARK, "{odd}");
        }
    }
}
