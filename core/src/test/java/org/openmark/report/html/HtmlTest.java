package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HtmlTest {
    @Test
    void escape_markupAndQuotes_becomeEntities() {
        assertEquals("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;",
                Html.escape("<script>alert(1)</script> & \"x\" 'y'"));
    }

    @Test
    void escape_charactersXmlForbids_becomeReplacementCharacters() {
        assertEquals("a\uFFFDb\uFFFDc\uFFFD", Html.escape("a\u0000b\u001Bc\uD800"));
    }

    @Test
    void escape_textLayoutAndSupplementaryCharacters_arePreserved() {
        assertEquals("line\nnext\ttab µs 😀", Html.escape("line\nnext\ttab µs 😀"));
    }

    @Test
    void escape_null_isEmpty() {
        assertEquals("", Html.escape(null));
    }
}
