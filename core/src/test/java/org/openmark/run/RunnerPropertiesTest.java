package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.PassedOnNames;
import org.openmark.config.Settings;

/** Properties nobody in openmark read: warnings, or one note for a store that passes them all on. */
class RunnerPropertiesTest {

    @Test
    void passedOn_unreadProperties_oneNoteListingThem() {
        Settings settings = Settings.of(Map.of("recordcount", "5", "mongodb.url", "mongodb://x", "basicdb.verbose", "f"));
        settings.getLong("recordcount", 0);

        assertEquals(Optional.of("properties openmark does not read, passed to the store's binding only:"
                + " basicdb.verbose, mongodb.url"), ConfigNotes.passedOn(settings, PassedOnNames.ANY));
        settings.reads().markKnown(Set.of("basicdb.verbose", "mongodb.url"));
        assertEquals(Optional.empty(), ConfigNotes.passedOn(settings, PassedOnNames.ANY));
    }

    @Test
    void passedOnAndWarnings_bindingKnowsSome_othersWarnedWithTheBindingsNamesAsMatches() {
        Settings settings = Settings.of(Map.of("recordcount", "5", "mongodb.url", "mongodb://x", "hosts", "h1",
                "hots", "h2", "recordcont", "7"));
        settings.getLong("recordcount", 0);
        PassedOnNames binding = new PassedOnNames(Set.of("hosts", "port"), Set.of("mongodb."));

        assertEquals(Optional.of("properties openmark does not read, passed to the store's binding only:"
                + " hosts, mongodb.url"), ConfigNotes.passedOn(settings, binding));
        assertEquals(java.util.List.of("unknown property 'hots' is ignored (did you mean hosts?)",
                "unknown property 'recordcont' is ignored (did you mean recordcount?)"),
                ConfigNotes.unknownProperties(settings, binding));
    }

    @Test
    void unknownProperties_misspelt_warnsWithCloseMatch() {
        Settings settings = Settings.of(Map.of("recordcont", "5"));
        settings.getLong("recordcount", 0);

        assertEquals(java.util.List.of("unknown property 'recordcont' is ignored (did you mean recordcount?)"),
                ConfigNotes.unknownProperties(settings));
    }
}
