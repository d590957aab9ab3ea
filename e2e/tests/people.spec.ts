import { expect, test } from '@playwright/test';
import { markContextOnboarded, signInThroughUi } from './support/auth';
import { createApiUser, followThroughApi } from './support/people';
import { createPostThroughApi, pngFile, publishThroughApi, signUpThroughUi } from './support/posts';
import { bottomNav, expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

test.describe('people', () => {
  test('edit the profile with an avatar and private measurements; another user sees none', async ({
    page,
    browser,
  }) => {
    await markOnboarded(page);
    await signUpThroughUi(page);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // No name yet: the owner is greeted; others will see the username (below, after the edit: the name).
    await expect(page.getByRole('heading', { name: 'Hi Gorgeous' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'own profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toBeVisible();
    // Cancel and Save stay in view on a phone while the form scrolls (they were below the fold).
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByLabel('Bio')).toHaveAttribute('dir', 'auto');
    await expectNoSeriousA11yViolations(page, 'edit profile dialog');

    await dialog.getByTestId('avatar-gallery-input').setInputFiles(pngFile('me.png', [200, 90, 120]));
    await expect(page.getByText('Avatar updated successfully')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

    const username = `maya_${Math.random().toString(36).slice(2, 9)}`;
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Name', { exact: true }).fill('Maya Levi');
    await dialog.getByLabel('Bio').fill('Vintage denim and sunsets every day');
    await dialog.getByRole('switch', { name: 'Show measurements publicly' }).click();
    // Measurements start empty (never entered); all three make the profile's line.
    await dialog.getByLabel('Waist').fill('75');
    await dialog.getByLabel('Hip').fill('95');
    await dialog.getByLabel('Chest').fill('92');
    // The focused field at the bottom is not hidden under the footer.
    const chest = dialog.getByLabel('Chest');
    const covered = await chest.evaluate((input) => {
      const box = input.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== input;
    });
    expect(covered).toBe(false);
    await expect(save).toBeInViewport({ ratio: 1 });
    await save.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`@${username}`)).toBeVisible();
    await expect(page.getByText('Vintage denim and su...')).toBeVisible();
    await expect(page.getByTestId('profile-measurements')).toHaveText('Chest 92 · Waist 75 · Hip 95 cm');

    const other = await browser.newContext();
    await markContextOnboarded(other);
    const otherPage = await other.newPage();
    // The second person gives a name at sign-up: it is theirs at once.
    await signUpThroughUi(otherPage, undefined, 'Noa Ben Ami');
    await otherPage.goto('/profile');
    await expect(otherPage.getByRole('heading', { name: 'Noa Ben Ami' })).toBeVisible();
    await otherPage.goto(`/profile/${username}`);
    await expect(otherPage.getByRole('heading', { name: 'Maya Levi' })).toBeVisible();
    await expect(otherPage.getByText('Hi Gorgeous')).toHaveCount(0);
    await expect(otherPage.getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(otherPage.getByTestId('profile-measurements')).toHaveCount(0);
    await expect(otherPage.getByTestId('profile-size')).toHaveCount(0);
    await expectNoSeriousA11yViolations(otherPage, 'other user profile');
    await other.close();
  });

  test('following from a profile changes the counts live in another browser', async ({
    page,
    browser,
    request,
  }) => {
    const author = await createApiUser(request, 'author');
    await markOnboarded(page);
    await signUpThroughUi(page);

    const watcherContext = await browser.newContext();
    await markContextOnboarded(watcherContext);
    const watcher = await watcherContext.newPage();
    await watcher.goto(`/profile/${author.username}`);
    await expect(watcher.getByTestId('count-followers')).toHaveText('0');
    await expect(
      watcher.getByText('Sign up to follow and see more details about this profile'),
    ).toBeVisible();

    await page.goto(`/profile/${author.username}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByText('User followed successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(page.getByTestId('count-followers')).toHaveText('1');
    // No reload: the count arrives over the events stream.
    await expect(watcher.getByTestId('count-followers')).toHaveText('1');

    await page.getByRole('button', { name: 'Unfollow' }).click();
    await expect(watcher.getByTestId('count-followers')).toHaveText('0');
    await watcherContext.close();
  });

  test('save a post to a new album and find it through the album, then in the wishlist', async ({
    page,
    request,
  }) => {
    const { postId } = await createPostThroughApi(request, 'Linen summer look #album');
    await markOnboarded(page);
    await signUpThroughUi(page);
    await page.goto(`/post/${postId}`);

    // Only into a new album: the post must be found through the album, not the wishlist.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save post' });
    await expectNoSeriousA11yViolations(page, 'save post dialog');
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(create).toBeDisabled();
    const albumName = `Summer ${Math.random().toString(36).slice(2, 7)}`;
    await dialog.getByLabel('New album name').fill(albumName);
    await expect(create).toBeEnabled();
    await dialog.getByLabel('New album name').press('Enter');
    await expect(page.getByText('Album created')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Albums' }).click();
    await page.getByRole('link', { name: new RegExp(albumName) }).click();
    await expect(page).toHaveURL(/\/album\/[0-9a-f-]+\/posts$/);
    await expect(page.getByRole('heading', { name: albumName })).toBeVisible();
    await expect(page.getByPlaceholder('Search posts in album...')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'album posts');
    await page.locator(`a[href="/post/${postId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

    // The save dialog in Hebrew; from it, into the wishlist.
    await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
    await page.reload();
    await page.getByRole('button', { name: 'שמירה', exact: true }).click();
    const hebrew = page.getByRole('dialog', { name: 'שמירת הפוסט' });
    await expect(hebrew.getByRole('button', { name: new RegExp(albumName) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'save post dialog (he)');
    await hebrew.getByRole('button', { name: 'שמירה במועדפים' }).click();
    await expect(page.getByText('נשמר במועדפים שלכם')).toBeVisible();

    await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Saved Posts (1)' })).toBeVisible();
    await expect(page.locator(`a[href="/post/${postId}"]`)).toBeVisible();
    await expect(page.getByText('No saved products yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'wishlist');
    // The See All page counts too.
    await page.getByRole('link', { name: 'See All' }).first().click();
    await expect(page).toHaveURL(/\/wishlist\/posts$/);
    await expect(page.getByRole('status')).toHaveText('1 saved post');
  });

  test('a message between two users arrives live', async ({ page, browser, request }) => {
    const ann = await createApiUser(request, 'ann');
    const ben = await createApiUser(request, 'ben');
    await followThroughApi(request, ann, ben);

    await markOnboarded(page);
    await signInThroughUi(page, ann.email);
    await page.goto('/messages');
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expect(
      page.getByText('Start conversations with other fashion enthusiasts you follow'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'messages');

    const benContext = await browser.newContext();
    await markContextOnboarded(benContext);
    const benPage = await benContext.newPage();
    await signInThroughUi(benPage, ben.email);
    await benPage.goto('/messages');
    await expect(benPage.getByText('No messages yet')).toBeVisible();

    await page.getByRole('button', { name: 'New Message' }).first().click();
    const picker = page.getByRole('dialog', { name: 'New Message' });
    await expect(picker.getByRole('button', { name: new RegExp(ben.username) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new message dialog');
    await picker.getByRole('button', { name: new RegExp(ben.username) }).click();
    await page.getByRole('textbox', { name: 'Write a message...' }).fill('Love your look!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Love your look!')).toBeVisible();

    // Ben's inbox gets it without a reload; Home's header counts it on the messages icon.
    await expect(benPage.getByText('Love your look!')).toBeVisible();
    await benPage.goto('/');
    const unreadBadge = benPage.locator('#header-unread-messages');
    await expect(unreadBadge).toContainText('1');
    await benPage.goto('/messages');
    await benPage.getByText('Love your look!').click();
    await page.getByRole('textbox', { name: 'Write a message...' }).fill('Where is the dress from?');
    await page.getByRole('textbox', { name: 'Write a message...' }).press('Enter');
    await expect(benPage.getByText('Where is the dress from?')).toBeVisible();
    // A short thread's composer sits on the bottom bar, not in the middle of the screen.
    const composer = await benPage
      .getByRole('textbox', { name: 'Write a message...' })
      .locator('xpath=..')
      .boundingBox();
    const bar = await bottomNav(benPage).boundingBox();
    expect(Math.abs(composer!.y + composer!.height - bar!.y)).toBeLessThanOrEqual(2);
    await expectNoSeriousA11yViolations(benPage, 'conversation');
    // Read: the header's count is gone.
    await benPage.goto('/');
    await expect(benPage.locator('header').getByRole('link', { name: 'Messages' })).toBeVisible();
    await expect(unreadBadge).toHaveCount(0);
    await benContext.close();

    await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
    await page.goto('/messages');
    await page.getByRole('button', { name: 'הודעה חדשה' }).first().click();
    const hebrewPicker = page.getByRole('dialog', { name: 'הודעה חדשה' });
    await expect(hebrewPicker.getByRole('button', { name: new RegExp(ben.username) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new message dialog (he)');
  });

  test("another user's like and comment reach an open post live", async ({ page, browser, request }) => {
    // Two browsers signed in through the UI, as in the messages journey.
    test.slow();
    const author = await createApiUser(request, 'author');
    const post = await publishThroughApi(request, author.token, 'Linen and sandals');
    const ann = await createApiUser(request, 'ann');
    const ben = await createApiUser(request, 'ben');

    // Ann looks at the post with its comments open.
    await markOnboarded(page);
    await signInThroughUi(page, ann.email);
    await page.goto(`/post/${post.id}`);
    // The card by its element: an open dialog hides the page behind it from the accessibility tree.
    const annCard = page.locator('article').first();
    await expect(annCard.getByTestId('like-count')).toContainText('0 likes');
    await annCard.getByRole('button', { name: /^Comments/ }).click();
    const annComments = page.getByRole('dialog', { name: 'Comments' });
    await expect(annComments.getByText('No comments yet')).toBeVisible();

    // Ben, in another browser, likes and comments.
    const benContext = await browser.newContext();
    await markContextOnboarded(benContext);
    const benPage = await benContext.newPage();
    await signInThroughUi(benPage, ben.email);
    await benPage.goto(`/post/${post.id}`);
    const benCard = benPage.locator('article').first();
    await benCard.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(benCard.getByTestId('like-count')).toContainText('1 like');
    await benCard.getByRole('button', { name: /^Comments/ }).click();
    const benComments = benPage.getByRole('dialog', { name: 'Comments' });
    await benComments.getByRole('combobox', { name: 'Add comment...' }).fill('Where are the sandals from?');
    await benComments.getByRole('button', { name: 'Send' }).click();
    await expect(benComments.getByText('Where are the sandals from?', { exact: true })).toBeVisible();
    // His own comment and like count once, not again when their events come back.
    await expect(benCard.getByRole('button', { name: 'Comments (1)', includeHidden: true })).toBeAttached();
    await expect(benCard.getByTestId('like-count')).toContainText('1 like');

    // No reload on Ann's side: both arrive over the events stream.
    await expect(annCard.getByTestId('like-count')).toContainText('1 like');
    await expect(annComments.getByText('Where are the sandals from?', { exact: true })).toBeVisible();
    await expect(annCard.getByRole('button', { name: 'Comments (1)', includeHidden: true })).toBeAttached();

    // Ben takes the like back: Ann's count follows.
    await benPage.keyboard.press('Escape');
    await benCard.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(annCard.getByTestId('like-count')).toContainText('0 likes');
    await benContext.close();
  });

  test("a guest's own-profile actions ask for an account", async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('onboarded', 'true');
      window.localStorage.setItem('isGuestUser', 'true');
      window.localStorage.setItem(
        'guestProfile',
        JSON.stringify({
          id: 'guest_1700000000000_abcdefghi',
          username: 'guest_abcd',
          display_name: 'Hi Gorgeous',
          avatar_url: '/guest-avatars/1.svg',
          bio: 'Fashion stylist',
          size: 'M',
          chest_circumference: 91,
          waist_circumference: 74,
          hip_circumference: 96,
          measurements_public: true,
          isGuest: true,
        }),
      );
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Hi Gorgeous' })).toBeVisible();
    await expect(page.getByTestId('count-followers')).toHaveText('0');
    await expectNoSeriousA11yViolations(page, 'guest own profile');

    // Edit Profile, Share Profile and Messages: 'Sign in required', then /auth.
    for (const action of ['Edit Profile', 'Share Profile', 'Messages']) {
      await page.goto('/profile');
      await page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
      await expect(page.getByText('Sign in required'), action).toBeVisible();
      await expect(page, action).toHaveURL(/\/auth$/);
    }

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Albums' }).click();
    await page.getByRole('button', { name: 'Create new album' }).click();
    await expect(page.getByRole('dialog')).toContainText('To create albums, you need to register');

    await page.goto('/wishlist');
    await expect(page.getByRole('dialog')).toContainText('you need to register');
  });

  test('explore albums and an unknown album', async ({ page }) => {
    await markOnboarded(page);
    await page.goto('/explore/albums');
    await expect(page.getByRole('heading', { name: 'Fashion Albums' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'explore albums');
    await page.goto('/album/00000000-0000-4000-8000-000000000000/posts');
    await expect(page.getByText('Album not found')).toBeVisible();
    await page.goto('/profile/nobody_here_123');
    await expect(page.getByText('User not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Explore' })).toBeVisible();
  });
});
