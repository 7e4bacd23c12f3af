package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Only plain identifiers reach the statements' text: what a name may be, at its edges. */
class SqlTextTest {

    @Test
    void isIdentifier_plainNamesUpTo63Characters() {
        for (String name : new String[] {"usertable", "USERTABLE", "_t", "t", "field0", "a_1_b", "x".repeat(63)}) {
            assertTrue(SqlText.isIdentifier(name), name);
        }
    }

    @Test
    void isIdentifier_anythingElseIsRefused() {
        for (String name : new String[] {null, "", "0field", "9", "user-table", "user table", "t;DROP", "\"t\"",
                "t.u", "é", "x".repeat(64), "field0 ", "/"}) {
            assertFalse(SqlText.isIdentifier(name), String.valueOf(name));
        }
    }
}
