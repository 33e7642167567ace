"""Text is counted the same in every script: one article written for this test in English,
Chinese, Japanese, Thai and Arabic decides the same way in auto mode, and so does a short page
that is not an article (filters/modes.py, seeds/textstats.latin_length, auto's options)."""
import pytest

from clearpage.filters import dom, load_config_text, modes
from clearpage.filters.content.seeds import textstats
from clearpage.filters.pipeline import Pipeline
from tests.helpers import page

ARTICLE = {
    "en": [
        "The city library reopened on Monday after two years of repairs. The old reading room now has new windows, quiet desks and a small café, and the children's floor has twice as many books as before the work began.",
        "The mayor said the building cost less than planned because local builders used wood from the old roof. Many visitors came in the first hour, and some of them waited outside in the rain for the doors to open.",
        "Librarians will offer free classes on computers and languages every week. Older readers can borrow tablets for a month, and students can book rooms for group work in the evening until ten o'clock.",
        "The library also keeps a collection of old maps and letters about the history of the river port. These papers were kept in a dry room during the repairs and are now shown in glass cases near the entrance.",
        "Next year the library plans to open a second branch in the north of the city. The council will decide on the budget in the spring, after people have said what they want from the new building.",
    ],
    "zh": [
        "市图书馆在经过两年的维修后于星期一重新开放。旧阅览室现在有了新窗户、安静的书桌和一家小咖啡馆，儿童楼层的图书数量是施工开始前的两倍。",
        "市长说，由于当地的建筑工人使用了旧屋顶的木材，这座建筑的花费比计划的要少。第一个小时里来了很多访客，其中一些人在雨中站在门外等待开门。",
        "图书馆员每周将提供免费的电脑和语言课程。年长的读者可以借用平板电脑一个月，学生可以在晚上预订房间进行小组学习，直到十点钟。",
        "图书馆还保存着一批关于河港历史的旧地图和信件。维修期间，这些文件被存放在一个干燥的房间里，现在陈列在入口附近的玻璃柜中。",
        "明年，图书馆计划在城市北部开设第二个分馆。市议会将在春天决定预算，在此之前市民可以说出他们对新建筑的期望。",
    ],
    "ja": [
        "市立図書館は二年間の改修工事を終えて、月曜日に再開しました。古い閲覧室には新しい窓と静かな机、小さなカフェができ、子ども向けのフロアの本は工事前の二倍になりました。",
        "市長によると、地元の職人が古い屋根の木材を使ったため、建物の費用は計画より少なくすみました。最初の一時間で多くの人が訪れ、雨の中で開館を待つ人もいました。",
        "図書館員は毎週、パソコンと語学の無料講座を開きます。高齢の利用者はタブレットを一か月借りることができ、学生は夜十時までグループ学習の部屋を予約できます。",
        "図書館には、川の港の歴史に関する古い地図や手紙も保管されています。これらの資料は改修中に乾燥した部屋に保管され、現在は入口近くのガラスケースに展示されています。",
        "来年、図書館は市の北部に二つ目の分館を開く予定です。市議会は、市民が新しい建物に何を望むかを聞いたうえで、春に予算を決めます。",
    ],
    "th": [
        "ห้องสมุดเมืองเปิดให้บริการอีกครั้งในวันจันทร์หลังจากการซ่อมแซมนานสองปี ห้องอ่านหนังสือเก่าตอนนี้มีหน้าต่างใหม่ โต๊ะที่เงียบสงบ และร้านกาแฟเล็ก ๆ ส่วนชั้นเด็กมีหนังสือมากเป็นสองเท่าของก่อนเริ่มงาน",
        "นายกเทศมนตรีกล่าวว่าอาคารนี้ใช้งบประมาณน้อยกว่าที่วางแผนไว้ เพราะช่างในท้องถิ่นใช้ไม้จากหลังคาเก่า มีผู้มาเยี่ยมชมจำนวนมากในชั่วโมงแรก และบางคนยืนรอประตูเปิดอยู่ข้างนอกท่ามกลางสายฝน",
        "บรรณารักษ์จะเปิดสอนคอมพิวเตอร์และภาษาฟรีทุกสัปดาห์ ผู้อ่านสูงอายุสามารถยืมแท็บเล็ตได้หนึ่งเดือน และนักเรียนสามารถจองห้องสำหรับทำงานกลุ่มในตอนเย็นได้จนถึงสี่ทุ่ม",
        "ห้องสมุดยังเก็บรักษาแผนที่และจดหมายเก่าเกี่ยวกับประวัติศาสตร์ของท่าเรือริมแม่น้ำ เอกสารเหล่านี้ถูกเก็บไว้ในห้องแห้งระหว่างการซ่อมแซม และตอนนี้จัดแสดงอยู่ในตู้กระจกใกล้ทางเข้า",
        "ปีหน้าห้องสมุดมีแผนจะเปิดสาขาที่สองทางตอนเหนือของเมือง สภาเมืองจะตัดสินใจเรื่องงบประมาณในฤดูใบไม้ผลิ หลังจากประชาชนได้บอกว่าต้องการอะไรจากอาคารใหม่",
    ],
    "ar": [
        "أعيد افتتاح مكتبة المدينة يوم الاثنين بعد عامين من أعمال الترميم. أصبحت قاعة القراءة القديمة تضم نوافذ جديدة ومكاتب هادئة ومقهى صغيرا، وفي طابق الأطفال ضعف عدد الكتب التي كانت فيه قبل بدء العمل.",
        "قال رئيس البلدية إن تكلفة المبنى كانت أقل من المخطط لها لأن البنائين المحليين استخدموا خشب السقف القديم. جاء كثير من الزوار في الساعة الأولى، وانتظر بعضهم في الخارج تحت المطر حتى فتحت الأبواب.",
        "سيقدم أمناء المكتبة دروسا مجانية في الحاسوب واللغات كل أسبوع. ويمكن لكبار السن استعارة أجهزة لوحية لمدة شهر، كما يمكن للطلاب حجز غرف للعمل الجماعي في المساء حتى الساعة العاشرة.",
        "تحتفظ المكتبة أيضا بمجموعة من الخرائط والرسائل القديمة عن تاريخ ميناء النهر. حفظت هذه الأوراق في غرفة جافة أثناء الترميم، وهي معروضة الآن في خزائن زجاجية قرب المدخل.",
        "تخطط المكتبة في العام المقبل لافتتاح فرع ثان في شمال المدينة. وسيقرر المجلس البلدي الميزانية في الربيع، بعد أن يقول الناس ما يريدونه من المبنى الجديد.",
    ],
}
# A page that is not an article: a menu and one line saying the library is open (same words).
SHORT = {
    "en": "The city library is open again from Monday.",
    "zh": "市图书馆从星期一起重新开放。",
    "ja": "市立図書館は月曜日から再開します。",
    "th": "ห้องสมุดเมืองเปิดอีกครั้งตั้งแต่วันจันทร์",
    "ar": "مكتبة المدينة مفتوحة من جديد ابتداء من يوم الاثنين.",
}
MENU = "<nav><ul>" + "".join(f"<li><a href='/s/{i}'>Section {i}</a></li>" for i in range(6)) + "</ul></nav>"
LANGS = sorted(ARTICLE)


def article_page(lang):
    paragraphs = "".join(f"<p>{p}</p>" for p in ARTICLE[lang])
    return page(f"{MENU}<div class='story'><h1>Library</h1>{paragraphs}</div><footer>© City</footer>", lang=lang)


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


@pytest.fixture(scope="module")
def auto_settings():
    return load_config_text("mode: auto").base.settings.auto


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_article_is_an_article_in_every_script(pipeline, lang):
    result = pipeline.run(article_page(lang).encode(), "https://example.com/library", mode="auto")
    assert result.mode == "reader", result.decision
    # the whole article is the selection: its first and last paragraphs are in the reader text
    assert ARTICLE[lang][0][:20] in result.text and ARTICLE[lang][-1][-20:] in result.text


@pytest.mark.parametrize("lang", LANGS)
def test_a_short_page_is_filtered_in_every_script(pipeline, lang):
    body = f"{MENU}<div class='notice'><p>{SHORT[lang]}</p></div><footer>© City</footer>"
    result = pipeline.run(page(body, lang=lang).encode(), "https://example.com/", mode="auto")
    assert result.mode == "filter", result.decision


def test_the_article_scores_alike_in_every_script(auto_settings):
    scores = {lang: modes.article_score(dom.parse(article_page(lang)), auto_settings.min_block_chars) for lang in LANGS}
    low, high = min(scores.values()), max(scores.values())
    assert low >= auto_settings.article_score and high < 2.5 * low, scores


def test_latin_length_is_the_length_of_latin_text():
    assert textstats.latin_length("Ça coûte 5 € — naïve façade") == len("Ça coûte 5 € — naïve façade")
    assert textstats.latin_length("図書館") == pytest.approx(3 * textstats.LATIN_CHARS_PER_WORD / textstats.CHARS_PER_WORD)


def test_script_factor_is_one_for_latin_text_with_a_few_cjk_names():
    latin = dom.parse(page("<p>" + "A long Latin paragraph about a visit. " * 20 + "東京</p>"))
    assert textstats.script_factor(dom.body_of(latin)) == 1.0
    chinese = dom.parse(page("<p>" + ARTICLE["zh"][0] + "</p>"))
    assert textstats.script_factor(dom.body_of(chinese)) > 2.5


def test_text_in_a_section_broken_by_br_is_an_article(pipeline):
    lines = "<br><br>".join(ARTICLE["en"])
    body = f"{MENU}<section class='entry'><h1>Library</h1>{lines}</section>"
    decision = modes.decide(dom.parse(page(body)), load_config_text("mode: auto").base.settings.auto)
    assert decision.mode == "reader", decision.reason
    result = pipeline.run(page(body).encode(), "https://example.com/library", mode="auto")
    assert result.mode == "reader" and ARTICLE["en"][-1][-20:] in result.text
