package org.openmark.load.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The order idle workers are woken in: platform before virtual, each last in, first out. */
class IdleWorkersTest {
    @Test
    void pop_platformWorkersFirst_eachKindLastInFirstOut() {
        IdleWorkers<String> idle = new IdleWorkers<>(2);
        idle.push("v1", false);
        idle.push("p1", true);
        idle.push("v2", false);
        idle.push("p2", true);
        assertEquals("p2", idle.pop());
        assertEquals("p1", idle.pop());
        assertEquals("v2", idle.pop());
        assertEquals("v1", idle.pop());
        assertNull(idle.pop());
    }

    @Test
    void push_moreVirtualWorkersThanTheFirstArray_growsAndKeepsTheOrder() {
        IdleWorkers<Integer> idle = new IdleWorkers<>(0);
        int n = 1_000;
        for (int i = 0; i < n; i++) {
            idle.push(i, false);
        }
        for (int i = n - 1; i >= 0; i--) {
            assertEquals(i, idle.pop());
        }
        assertNull(idle.pop());
    }
}
