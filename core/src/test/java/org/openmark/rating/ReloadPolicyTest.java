package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.config.ConfigException;

class ReloadPolicyTest {

    @Test
    void parse_eachForm_readsModeAndImageInterval() {
        assertEquals(ReloadPolicy.of(ReloadMode.FULL), ReloadPolicy.parse("full"));
        assertEquals(ReloadPolicy.of(ReloadMode.REPAIR), ReloadPolicy.parse("Repair"));
        assertEquals(ReloadPolicy.of(ReloadMode.IMAGE), ReloadPolicy.parse("image"));
        assertEquals(ReloadPolicy.of(ReloadMode.NONE), ReloadPolicy.parse("none"));
        assertEquals(new ReloadPolicy(ReloadMode.NONE, 3), ReloadPolicy.parse("none, image-every=3"));
        assertEquals("none,image-every=3", ReloadPolicy.parse("none,image-every=3").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ful", "full,image-every=3", "none,image-every=0", "none,image-every=x", "none,every=3",
        "none,image-every=3,x"})
    void parse_badText_namesFlagAndForms(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> ReloadPolicy.parse(text));
        assertTrue(e.getMessage().startsWith("--reload="), e.getMessage());
        assertTrue(e.getMessage().contains("none,image-every=K"), e.getMessage());
    }

    @Test
    void parse_misspelt_suggestsTheClosest() {
        assertTrue(assertThrows(ConfigException.class, () -> ReloadPolicy.parse("imagee")).getMessage()
                .contains("did you mean image?"));
    }

    private static WorkloadMix mix(double read, double update, double insert, double scan, double delete, double rmw) {
        return new WorkloadMix(read, update, insert, scan, delete, rmw);
    }

    @Test
    void check_none_acceptsMixesThatLeaveTheDatabaseUnchanged() {
        ReloadPolicy none = ReloadPolicy.parse("none");
        assertDoesNotThrow(() -> none.check(WorkloadMix.readOnly()));
        assertDoesNotThrow(() -> none.check(mix(0, 1, 0, 0, 0, 0)));
        assertDoesNotThrow(() -> none.check(mix(0.5, 0.3, 0, 0.2, 0, 0)));
        assertDoesNotThrow(() -> none.check(mix(0.5, 0, 0, 0, 0, 0.5)));
        assertDoesNotThrow(() -> none.check(mix(0.8, 0, 0.1, 0, 0.1, 0)));
        assertDoesNotThrow(() -> ReloadPolicy.parse("none,image-every=2").check(mix(0.6, 0.2, 0.1, 0, 0.1, 0)));
    }

    @Test
    void check_none_refusesInsertsWithoutMatchingDeletesWithTheReason() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ReloadPolicy.parse("none").check(mix(0.95, 0, 0.05, 0, 0, 0)));
        assertTrue(e.getMessage().startsWith("--reload=none: "), e.getMessage());
        assertTrue(e.getMessage().contains("insertproportion=0.05 and deleteproportion=0 differ"), e.getMessage());
        assertTrue(e.getMessage().contains("grows"), e.getMessage());
        assertTrue(e.getMessage().contains("use --reload repair, image or full"), e.getMessage());
        ConfigException hybrid = assertThrows(ConfigException.class,
                () -> ReloadPolicy.parse("none,image-every=3").check(mix(0.5, 0, 0, 0, 0.5, 0)));
        assertTrue(hybrid.getMessage().contains("shrinks"), hybrid.getMessage());
    }

    @Test
    void check_restoringModes_acceptAnyMix() {
        for (ReloadMode mode : new ReloadMode[] {ReloadMode.FULL, ReloadMode.REPAIR, ReloadMode.IMAGE}) {
            assertDoesNotThrow(() -> ReloadPolicy.of(mode).check(mix(0, 0, 1, 0, 0, 0)));
        }
    }

    @Test
    void restoresFor_eachPolicy_countsRestoresBetweenRuns() {
        assertEquals(9, ReloadPolicy.parse("image").restoresFor(10));
        assertEquals(0, ReloadPolicy.parse("full").restoresFor(1));
        assertEquals(0, ReloadPolicy.parse("none").restoresFor(10));
        // before runs 3, 6 and 9 of 0..9
        assertEquals(3, ReloadPolicy.parse("none,image-every=3").restoresFor(10));
        assertFalse(ReloadPolicy.parse("none,image-every=3").restoresBefore(2));
        assertTrue(ReloadPolicy.parse("none,image-every=3").restoresBefore(3));
    }

    @Test
    void workloadMix_negativeOrAllZero_namesTheProperty() {
        assertTrue(assertThrows(ConfigException.class, () -> mix(1, -0.1, 0, 0, 0, 0)).getMessage()
                .startsWith("updateproportion=-0.1"));
        assertTrue(assertThrows(ConfigException.class, () -> mix(0, 0, 0, 0, 0, 0)).getMessage()
                .contains("all 0"));
    }
}
