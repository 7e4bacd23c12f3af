package org.openmark.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The example binding in docs/stores.md ("Writing a binding"), a Maven project of its own, is the project
 * {@link ExampleBindingIT} builds, word for word: its pom, its store and its contract test.
 */
class ExampleDocumentedTest {
    static final Path PROJECT = Path.of("src/it/example-binding");

    @Test
    void storesMd_showsTheExampleProjectAsItIs() throws IOException {
        String page = Files.readString(Path.of("../docs/stores.md"));
        String[][] shown = {
            {"pom.xml", "xml"},
            {"src/main/java/org/example/binding/ExampleStore.java", "java"},
            {"src/test/java/org/example/binding/ExampleStoreContractTest.java", "java"},
            {"src/test/java/org/example/binding/ExampleRedisTest.java", "java"}};
        for (String[] file : shown) {
            String code = Files.readString(PROJECT.resolve(file[0])).strip();
            assertTrue(page.contains("```" + file[1] + "\n" + code + "\n```"), "docs/stores.md does not show " + file[0]
                    + " as it is: copy it into the page's \"Writing a binding\" section again");
        }
    }
}
