package org.openmark.report.html;

/** How a series is stroked: colour, width in pixels, and an SVG dash pattern (empty for solid). */
record LineStyle(String colour, double widthPx, String dash) {
    /** A solid line. */
    static LineStyle solid(String colour, double widthPx) {
        return new LineStyle(colour, widthPx, "");
    }

    /** A dashed line. */
    static LineStyle dashed(String colour, double widthPx) {
        return new LineStyle(colour, widthPx, "7 4");
    }

    /** A dotted line. */
    static LineStyle dotted(String colour, double widthPx) {
        return new LineStyle(colour, widthPx, "1.5 3");
    }
}
