package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

class DeterministicValuesTest {

    /** The construction written the slow, obvious way: rehash the whole text after every step. */
    private static byte[] reference(String key, String field, int length) {
        StringBuilder sb = new StringBuilder(key).append(':').append(field);
        while (sb.length() < length) {
            sb.append(':');
            sb.append(sb.toString().hashCode());
        }
        sb.setLength(length);
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = (byte) sb.charAt(i);
        }
        return out;
    }

    @Test
    void value_variousLengths_matchesReferenceConstruction() {
        for (int length : new int[] {0, 1, 5, 30, 100, 1000}) {
            DeterministicValues v = new DeterministicValues(length);
            for (String key : new String[] {"user1", "user6284781860667377211"}) {
                for (String field : new String[] {"field0", "field9"}) {
                    assertArrayEquals(reference(key, field, length), v.value(key, field), key + " " + field + " " + length);
                }
            }
        }
    }

    @Test
    void verify_matchingMismatchingAndEmpty_giveOkUnexpectedStateError() {
        DeterministicValues v = new DeterministicValues(50);
        Map<String, byte[]> cells = new HashMap<>();
        cells.put("field0", v.value("user7", "field0"));
        cells.put("field1", v.value("user7", "field1"));
        assertEquals(Status.OK, v.verify("user7", cells));
        cells.get("field1")[10] ^= 1;
        assertEquals(Status.UNEXPECTED_STATE, v.verify("user7", cells));
        assertEquals(Status.ERROR, v.verify("user7", Map.of()));
    }
}
