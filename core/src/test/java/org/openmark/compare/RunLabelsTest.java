package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs are named by their directory, lengthened only as far as it takes to tell them apart. */
class RunLabelsTest {
    @Test
    void of_distinctNames_justTheDirectoryNames() {
        assertEquals(List.of("baseline", "candidate"), RunLabels.of(List.of(Path.of("/r/baseline"),
                Path.of("/r/x/candidate"))));
    }

    @Test
    void of_sameNameInAnotherDirectory_theShortestSuffixThatDiffers() {
        assertEquals(List.of("r/L1", "sub/L1"), RunLabels.of(List.of(Path.of("/r/L1"), Path.of("/r/sub/L1"))));
        assertEquals(List.of("a/x/L1", "b/x/L1", "c"), RunLabels.of(List.of(Path.of("/a/x/L1"), Path.of("/b/x/L1"),
                Path.of("/a/x/c"))));
    }

    @Test
    void of_theSameDirectoryTwice_numbered() {
        assertEquals(List.of("L1", "L1 (2)"), RunLabels.of(List.of(Path.of("/r/L1"), Path.of("/r/./L1"))));
    }

    @Test
    void of_relativePaths_resolvedFirst() {
        Path here = Path.of("").toAbsolutePath();
        List<String> labels = RunLabels.of(List.of(Path.of("L1"), Path.of("sub/L1")));
        assertEquals(List.of(here.getFileName() + "/L1", "sub/L1"), labels);
    }
}
