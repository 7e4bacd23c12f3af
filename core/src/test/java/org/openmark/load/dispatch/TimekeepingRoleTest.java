package org.openmark.load.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The role word's transitions: take, park, resume, take-over by a new epoch, end. */
class TimekeepingRoleTest {
    @Test
    void takeParkResume_theKeeperKeepsItsRole() {
        TimekeepingRole role = new TimekeepingRole();
        role.open();
        long epoch = role.take(role.get());
        assertEquals(1, epoch);
        assertTrue(role.park(epoch));
        assertTrue(role.stillParked(epoch));
        assertTrue(role.resume(epoch));
        assertEquals(TimekeepingRole.TAKEN, TimekeepingRole.state(role.get()));
    }

    @Test
    void parkedKeeperTakenOver_itFindsOutWhenItWakes() {
        TimekeepingRole role = new TimekeepingRole();
        role.open();
        long first = role.take(role.get());
        role.park(first);
        long seen = role.get();
        long second = role.take(seen); // the standby: the keeper is late

        assertEquals(first + 1, second);
        assertFalse(role.stillParked(first));
        assertFalse(role.resume(first), "the old keeper steps down");
        assertEquals(-1, role.take(seen), "a word seen before the take-over is stale");
    }

    @Test
    void freedRole_takenByOneOfTwo() {
        TimekeepingRole role = new TimekeepingRole();
        role.open();
        long epoch = role.take(role.get());
        role.free(epoch);
        long seen = role.get();
        assertEquals(TimekeepingRole.FREE, TimekeepingRole.state(seen));
        assertTrue(role.take(seen) > 0);
        assertEquals(-1, role.take(seen));
    }

    @Test
    void ended_cannotBeParkedOrTaken() {
        TimekeepingRole role = new TimekeepingRole();
        role.open();
        long epoch = role.take(role.get());
        role.end();
        assertFalse(role.park(epoch));
        assertEquals(TimekeepingRole.NONE, TimekeepingRole.state(role.get()));
    }
}
