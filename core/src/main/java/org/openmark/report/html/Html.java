package org.openmark.report.html;

/**
 * Escaping for text and attribute values. Every string that comes from a result file goes
 * through here: config values can hold anything, including markup and control characters.
 */
final class Html {
    private Html() {
    }

    /** {@code s} safe as element text and as a quoted attribute value (null becomes empty). */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                case '\n', '\t', '\r' -> b.append(c);
                default -> i = appendChecked(s, i, b);
            }
        }
        return b.toString();
    }

    // Characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/U+FFFF) become U+FFFD,
    // so the page stays well-formed and nothing is silently dropped.
    private static int appendChecked(String s, int i, StringBuilder b) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
            b.append(c).append(s.charAt(i + 1));
            return i + 1;
        }
        boolean forbidden = c < 0x20 || Character.isSurrogate(c) || c == 0xFFFE || c == 0xFFFF;
        b.append(forbidden ? '\uFFFD' : c);
        return i;
    }
}
