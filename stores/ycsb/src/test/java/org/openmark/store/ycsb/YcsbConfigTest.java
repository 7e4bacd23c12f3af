package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

class YcsbConfigTest {

    private static YcsbConfig parse(String... pairs) {
        return YcsbConfig.from(StoreProperties.of(Phases.props(pairs)));
    }

    private static StoreConfigException error(String... pairs) {
        return assertThrows(StoreConfigException.class, () -> parse(pairs));
    }

    @Test
    void from_dbClassOnly_noClassPath() {
        YcsbConfig c = parse("ycsb.db", "site.ycsb.BasicDB");
        assertEquals("site.ycsb.BasicDB", c.dbClass());
        assertEquals(List.of(), c.classPath());
    }

    @Test
    void from_ycsbsOwnDbProperty_isTheClassUnlessYcsbDbIsSet() {
        assertEquals("site.ycsb.BasicDB", parse("db", "site.ycsb.BasicDB").dbClass());
        assertEquals("a.B", parse("db", "site.ycsb.BasicDB", "ycsb.db", "a.B").dbClass());
    }

    @Test
    void from_noClass_namesYcsbDbAndHowToSetIt() {
        StoreConfigException e = error();
        assertEquals("ycsb.db", e.property());
        assertTrue(e.getMessage().startsWith("ycsb.db=(unset): must name the YCSB binding class, e.g."
                + " -p ycsb.db=site.ycsb.BasicDB"), e.getMessage());
    }

    @Test
    void from_notAClassName_isRefused() {
        assertEquals("ycsb.db=site.ycsb..BasicDB: must be a fully qualified Java class name, e.g."
                + " site.ycsb.db.MongoDbClient", error("ycsb.db", "site.ycsb..BasicDB").getMessage());
        assertEquals("ycsb.db", error("ycsb.db", "site/ycsb/BasicDB").property());
    }

    @Test
    void from_emptyClassPath_saysWhatToGive() {
        StoreConfigException e = error("ycsb.db", "a.B", "ycsb.classpath", " ");
        assertEquals("ycsb.classpath", e.property());
        assertTrue(e.getMessage().startsWith("ycsb.classpath= : is empty: name the binding's jars, e.g."
                + " --ycsb-classpath 'ycsb-mongodb-binding-0.17.0/lib/*'"), e.getMessage());
    }

    @Test
    void from_missingEntry_namesIt(@TempDir Path dir) {
        String text = dir + File.pathSeparator + dir.resolve("nosuch.jar");
        assertEquals("ycsb.classpath=" + text + ": entry '" + dir.resolve("nosuch.jar") + "': no such file or directory",
                error("ycsb.db", "a.B", "ycsb.classpath", text).getMessage());
    }

    @Test
    void from_wildcardOfMissingOrJarlessDirectory_isRefused(@TempDir Path dir) throws IOException {
        String missing = dir.resolve("lib") + File.separator + "*";
        assertEquals("ycsb.classpath=" + missing + ": entry '" + missing + "': no such directory",
                error("ycsb.db", "a.B", "ycsb.classpath", missing).getMessage());
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/readme.txt"), "no jars here");
        assertEquals("ycsb.classpath=" + missing + ": entry '" + missing + "': the directory holds no .jar files",
                error("ycsb.db", "a.B", "ycsb.classpath", missing).getMessage());
    }

    @Test
    void from_wildcardNotAWholeElement_isRefused(@TempDir Path dir) {
        String text = dir + File.separator + "*.jar";
        assertTrue(error("ycsb.db", "a.B", "ycsb.classpath", text).getMessage().endsWith("a wildcard must be a whole"
                + " last element, DIR" + File.separator + "* (every .jar in DIR), as with java -cp"));
    }

    @Test
    void from_emptyEntry_isRefused(@TempDir Path dir) {
        String text = dir + File.pathSeparator + File.pathSeparator + dir;
        assertTrue(error("ycsb.db", "a.B", "ycsb.classpath", text).getMessage().contains("has an empty entry"));
    }

    @Test
    void from_wildcard_isEveryJarOfTheDirectoryInNameOrder(@TempDir Path dir) throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        for (String name : List.of("b.jar", "a.JAR", "c.txt", "d.jar")) {
            Files.writeString(lib.resolve(name), "");
        }
        Files.createDirectories(lib.resolve("sub.jar"));
        Path classes = Files.createDirectories(dir.resolve("classes"));

        YcsbConfig c = parse("ycsb.db", "a.B", "ycsb.classpath", lib + File.separator + "*" + File.pathSeparator + classes);

        assertEquals(List.of(lib.resolve("a.JAR"), lib.resolve("b.jar"), lib.resolve("d.jar"), classes), c.classPath());
    }
}
