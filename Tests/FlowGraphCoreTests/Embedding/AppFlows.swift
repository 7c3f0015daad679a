// The flows of the app-style tests: a feed, a composer presented as a modal
// child flow whose swipe-down (`dismissed`) the feed answers by pushing the
// drafts screen in the same step, and a task.

/// The YAML of the app-style tests.
enum AppFlows {
  static let yaml = """
    flowgraph: 1
    entry: app
    tasks:
      loadPost:
        input: { postId: int }
        outcomes:
          loaded: { postId: int }
          missing: {}
    flows:
      app:
        start: feed
        screens:
          feed:
            actions:
              postSelected:
                params: { postId: int }
                run: loadPost
                outcomes:
                  loaded: { push: post }
                  missing: stay
              composeButtonPressed:
                start: composer
                mode: present
                on:
                  posted: { push: post }
                  dismissed: { push: drafts }
          post:
            params: { postId: int }
            actions:
              shareButtonPressed: { push: share }
              replyButtonPressed:
                start: composer
                mode: present
                on:
                  posted: stay
          share:
            params: { postId: int }
          drafts: {}
      composer:
        results:
          posted: { postId: int }
        start: editor
        screens:
          editor:
            actions:
              nextButtonPressed: { push: preview }
          preview:
            actions:
              postButtonPressed: { params: { postId: int }, finish: posted }
    """
}
