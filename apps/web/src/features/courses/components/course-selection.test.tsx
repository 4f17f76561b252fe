// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApiServer, v1 } from '@/test/api-server';
import { TEST_COURSES } from '@/test/course-fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { coursesQueryOptions } from '../api/get-courses';
import { COMBINATION_MESSAGE, CourseSelection } from './course-selection';

const courses = TEST_COURSES;

function Harness() {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <CourseSelection
      selectedIds={selected}
      onToggle={(course) =>
        setSelected((ids) =>
          ids.includes(course.id) ? ids.filter((id) => id !== course.id) : [...ids, course.id],
        )
      }
    />
  );
}

describe('CourseSelection', () => {
  const server = useApiServer();
  afterEach(() => cleanup());

  function setup() {
    document.body.innerHTML = '<div id="modal-root"></div>';
    return renderWithProviders(<Harness />, (client) =>
      client.setQueryData(coursesQueryOptions().queryKey, courses),
    );
  }

  it('toggles course cards and shows the combination banner from two courses', async () => {
    const user = userEvent.setup();
    setup();
    const championship = screen.getByRole('button', { name: /Championship Course/ });
    const burnside = screen.getByRole('button', { name: /Burnside Course/ });
    expect(championship.getAttribute('aria-pressed')).toBe('false');

    await user.click(championship);
    expect(championship.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(COMBINATION_MESSAGE)).toBeNull();

    await user.click(burnside);
    expect(screen.getByText(COMBINATION_MESSAGE)).toBeTruthy();

    await user.click(championship);
    expect(championship.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText(COMBINATION_MESSAGE)).toBeNull();
  });

  it('says what to do when the course list fails without a message of its own, never the status text', async () => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the anti-forgery token from this cookie.
    document.cookie = 'XSRF-TOKEN=t';
    // A framework's bare error object, not the API's envelope.
    server.use(
      http.get(v1('/courses'), () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      ),
    );
    renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByText('There was an error loading the courses')).toBeTruthy());
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.queryByText(/Internal Server Error/)).toBeNull();
  });

  it('uses the course artwork with its small variant', () => {
    setup();
    const image = screen.getByRole('button', { name: /Buddon Links Course/ }).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/courses/buddon-links-course.webp');
    expect(image?.getAttribute('srcset')).toContain('/images/courses/buddon-links-course-640.webp 640w');
  });

  it("opens the 'Booking Combination Rates' dialog and closes it with its Close button", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: /Championship Course/ }));
    await user.click(screen.getByRole('button', { name: /Buddon Links Course/ }));
    await user.click(screen.getByRole('button', { name: 'Booking Combination Rates' }));

    const dialog = await screen.findByRole('dialog', { name: 'Booking Combination Rates' });
    expect(dialog.textContent).toContain('rental clubs');
    expect(dialog.textContent).toContain(
      'Combination packages are valid from 1 April to 31 October each year.',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
