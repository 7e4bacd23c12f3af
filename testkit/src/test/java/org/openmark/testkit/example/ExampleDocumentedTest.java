package org.openmark.testkit.example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The example binding in docs/stores.md ("Writing a binding") is the code this module runs, word for word. */
class ExampleDocumentedTest {
    private static final Path SOURCES = Path.of("src/test/java/org/openmark/testkit/example");

    @Test
    void storesMd_showsTheExampleBindingAndItsContractTestAsTheyAre() throws IOException {
        String page = Files.readString(Path.of("../docs/stores.md"));
        for (String file : new String[] {"ExampleStore.java", "ExampleStoreContractTest.java"}) {
            String code = Files.readString(SOURCES.resolve(file)).strip();
            assertTrue(page.contains("```java\n" + code + "\n```"), "docs/stores.md does not show " + file
                    + " as it is: copy it into the page's \"Writing a binding\" section again");
        }
    }
}
