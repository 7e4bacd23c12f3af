package org.openmark.report.html;

import java.util.Locale;

/**
 * A small SVG writer: elements with attributes given as name/value pairs, every value and
 * text escaped. Coordinates are written with one decimal, enough at screen resolution.
 */
final class Svg {
    private final StringBuilder b = new StringBuilder();
    private boolean closed;

    /** An {@code <svg>} of the given size; {@code label} is read by screen readers. */
    Svg(int width, int height, String label) {
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(label)).append("\">\n");
    }

    /** A number as an attribute value. */
    static String num(double v) {
        String s = String.format(Locale.ROOT, "%.1f", v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** Opens an element with attributes (name, value, name, value, ...). */
    Svg open(String tag, String... attrs) {
        start(tag, attrs);
        b.append(">\n");
        return this;
    }

    /** Closes an element opened with {@link #open}. */
    Svg close(String tag) {
        b.append("</").append(tag).append(">\n");
        return this;
    }

    /** An empty element. */
    Svg empty(String tag, String... attrs) {
        start(tag, attrs);
        b.append("/>\n");
        return this;
    }

    /** An element holding text. */
    Svg withText(String tag, String text, String... attrs) {
        start(tag, attrs);
        b.append('>').append(Html.escape(text)).append("</").append(tag).append(">\n");
        return this;
    }

    /** A straight line. */
    Svg line(double x1, double y1, double x2, double y2, String... attrs) {
        return empty("line", concat(new String[] {"x1", num(x1), "y1", num(y1), "x2", num(x2), "y2", num(y2)}, attrs));
    }

    /** A rectangle. */
    Svg rect(double x, double y, double width, double height, String... attrs) {
        return empty("rect", concat(new String[] {"x", num(x), "y", num(y), "width", num(Math.max(0, width)),
            "height", num(Math.max(0, height))}, attrs));
    }

    /** Text anchored at (x, y). */
    Svg text(double x, double y, String text, String... attrs) {
        return withText("text", text, concat(new String[] {"x", num(x), "y", num(y)}, attrs));
    }

    /** A path with a tooltip. */
    Svg path(String d, String tooltip, String... attrs) {
        start("path", concat(new String[] {"d", d}, attrs));
        b.append("><title>").append(Html.escape(tooltip)).append("</title></path>\n");
        return this;
    }

    /** The finished document. */
    @Override
    public String toString() {
        if (!closed) {
            b.append("</svg>\n");
            closed = true;
        }
        return b.toString();
    }

    private void start(String tag, String... attrs) {
        if (attrs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name/value pairs: " + String.join(",", attrs));
        }
        b.append('<').append(tag);
        for (int i = 0; i < attrs.length; i += 2) {
            b.append(' ').append(attrs[i]).append("=\"").append(Html.escape(attrs[i + 1])).append('"');
        }
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
