package org.openmark.report.html;

/** The page's inline CSS (no external fonts or sheets: the report must open offline). */
final class PageStyle {
    static final String CSS = """
            body { margin: 0; background: #f6f6f4; color: #222; font: 14px/1.45 system-ui, -apple-system, 'Segoe UI',
              Helvetica, Arial, sans-serif; }
            main { max-width: 920px; margin: 0 auto; padding: 16px 10px 40px; }
            h1 { font-size: 22px; margin: 4px 0 10px; }
            h1 .sub { font-weight: 400; color: #666; }
            h2 { font-size: 17px; margin: 26px 0 4px; border-bottom: 1px solid #ccc; padding-bottom: 3px; }
            section > p.lead { margin: 2px 0 8px; color: #555; }
            .verdict { font-size: 16px; padding: 10px 14px; border-radius: 6px; margin: 8px 0; }
            .verdict strong { font-size: 20px; letter-spacing: 0.04em; margin-right: 8px; }
            .verdict.valid { background: #e3f4e6; border: 2px solid #2e8b47; color: #1d5c2f; }
            .verdict.invalid { background: #fbe4e2; border: 2px solid #c0392b; color: #7d1f16; }
            .badge { display: inline-block; background: #7d1f16; color: #fff; padding: 1px 7px; border-radius: 4px;
              font-weight: 700; margin-left: 10px; }
            .verdict.valid .badge { background: #a15c00; }
            .warnings { background: #fff4e0; border-left: 4px solid #d48a00; padding: 6px 12px; margin: 8px 0; }
            .notes { background: #eef3f8; border-left: 4px solid #6b8db5; padding: 6px 12px; margin: 8px 0; }
            .warnings ul, .notes ul { margin: 4px 0; padding-left: 20px; }
            dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(270px, 1fr)); gap: 4px 16px;
              margin: 10px 0; }
            dl.facts div { display: flex; gap: 8px; }
            dl.facts dt { color: #666; min-width: 84px; }
            dl.facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
            p.accounting { padding: 6px 10px; border-radius: 4px; margin: 8px 0; }
            p.accounting.ok { background: #eef7ef; }
            p.accounting.bad { background: #fbe4e2; }
            .check { color: #2e8b47; font-weight: 700; }
            .cross { color: #c0392b; font-weight: 700; }
            table { border-collapse: collapse; margin: 8px 0 14px; background: #fff; }
            caption { text-align: left; padding: 4px 0; }
            th, td { border: 1px solid #ddd; padding: 3px 8px; }
            td { text-align: right; font-variant-numeric: tabular-nums; }
            thead th { background: #f0f0ee; font-weight: 600; }
            tbody th { text-align: left; font-weight: 400; color: #444; }
            table.op { width: 100%; }
            tr.worse td, td.worse { background: #fde0dc; }
            tr.better td, td.better { background: #e0f2e9; }
            table.schedule { width: 100%; }
            table.schedule th { background: #f0f0ee; font-weight: 600; font-size: 13px; }
            table.schedule td { white-space: nowrap; }
            table.config td { text-align: left; font-family: ui-monospace, Menlo, Consolas, monospace;
              overflow-wrap: anywhere; }
            table.causes td.why { text-align: left; overflow-wrap: anywhere; }
            .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 6px;
              vertical-align: -1px; }
            .status.err { color: #c0392b; font-weight: 600; }
            .plot { background: #fff; border: 1px solid #ddd; border-radius: 4px; padding: 4px 0; }
            .plot svg { display: block; max-width: 100%; height: auto; }
            .note { background: #fff; border: 1px dashed #bbb; padding: 14px; color: #666; }
            p.summary { font-size: 16px; padding: 8px 12px; border-radius: 6px; margin: 8px 0; background: #fff;
              border: 2px solid #999; }
            p.summary.worse { border-color: #c0392b; background: #fde0dc; }
            p.summary.better { border-color: #2e8b47; background: #e0f2e9; }
            footer { margin-top: 30px; color: #888; font-size: 12px; }
            """;

    private PageStyle() {
    }
}
