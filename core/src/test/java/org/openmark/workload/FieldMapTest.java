package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldMapTest {

    @Test
    void fieldMap_behavesAsAnImmutableMapInFieldOrder() {
        FieldNames names = new FieldNames("f", 3);
        byte[][] values = {{1}, {2}, {3}};
        FieldMap map = new FieldMap(names, values);
        assertEquals(3, map.size());
        assertArrayEquals(new byte[] {2}, map.get("f1"));
        assertNull(map.get("f3"));
        assertFalse(map.containsKey("g0"));
        List<String> order = new ArrayList<>();
        map.forEach((k, v) -> order.add(k));
        assertEquals(List.of("f0", "f1", "f2"), order);
        assertEquals(List.of("f0", "f1", "f2"), new ArrayList<>(map.keySet()));
        Map<String, byte[]> copy = new HashMap<>(map);
        assertEquals(map.keySet(), copy.keySet());
        assertThrows(UnsupportedOperationException.class, () -> map.put("f0", new byte[0]));
    }
}
