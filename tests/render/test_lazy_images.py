from clearpage.filters import dom
from clearpage.filters.render import lazy_images

PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="


def frag(html: str):
    return dom.parse(f"<html><body><div id='root'>{html}</div></body></html>").xpath("//div[@id='root']")[0]


def test_data_src_replaces_a_placeholder():
    root = frag(f"<img src='{PIXEL}' data-src='/real.jpg' alt='x'>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == ["/real.jpg"]


def test_data_srcset_becomes_srcset_and_gives_a_src():
    root = frag("<img data-srcset='/a-320.jpg 320w, /a-640.jpg 640w'>")
    lazy_images.resolve(root)
    img = root.find(".//img")
    assert img.get("srcset") == "/a-320.jpg 320w, /a-640.jpg 640w"
    assert img.get("src") == "/a-320.jpg"


def test_unknown_data_attribute_holding_an_image_url_is_used():
    root = frag("<img src='' data-frz-src='https://cdn.test/p/photo.webp'>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == ["https://cdn.test/p/photo.webp"]


def test_noscript_copy_replaces_the_script_image():
    root = frag("<div><img src='/p/60/x.png?q=20'></div><noscript><img src='/p/2000/x.png' alt='full'></noscript>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == ["/p/2000/x.png"]
    assert root.find(".//noscript") is None


def test_adjacent_thumbnail_and_full_size_keep_the_later():
    root = frag("<p><img src='/max/60/1*abc.png?q=20' alt='chart'><img src='/max/3788/1*abc.png'></p>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == ["/max/3788/1*abc.png"]
    assert root.xpath(".//img/@alt") == ["chart"]


def test_image_with_no_address_is_removed_with_its_empty_picture():
    root = frag(f"<picture><img src='{PIXEL}'></picture><img src='/keep.png'>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == ["/keep.png"]
    assert root.find(".//picture") is None


def test_real_data_uri_images_are_kept():
    big = "data:image/png;base64," + "A" * 400
    root = frag(f"<img src='{big}' alt='inline chart'>")
    lazy_images.resolve(root)
    assert root.xpath(".//img/@src") == [big]
